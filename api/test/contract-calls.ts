import type { Call } from '@yardly/shared/contract';
import * as contract from '@yardly/shared/contract';
import { ADMIN_RESOURCES, ADMIN_VERBS, type AdminResource, type AdminVerb } from '@yardly/shared/rules';
import type { FastifyInstance } from 'fastify';

/** One call of the contract, under the name its map gives it (`listingCalls.detail`). */
export interface ContractCall {
  name: string;
  call: Call;
  /** The URL the api serves it at (under /svc, or from the root when flagged `root`). */
  url: string;
}

function isCall(value: unknown): value is Call {
  const v = value as Partial<Call> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.method === 'string' &&
    typeof v.path === 'string' &&
    typeof v.auth === 'string' &&
    typeof v.response === 'object'
  );
}

function isCallMap(value: unknown): value is Record<string, Call> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isCall(value)) return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every(isCall);
}

export function callUrl(call: Call): string {
  return call.root ? call.path : `/svc${call.path}`;
}

/**
 * Every call of every call map `shared/src/contract` exports, once each (a call in two maps,
 * or in a joined map, counts once), in a stable order. A new map or call is walked the day it
 * is exported: nothing here names one.
 */
export function contractCalls(): ContractCall[] {
  const seen = new Map<Call, ContractCall>();
  for (const [mapName, value] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isCallMap(value)) continue;
    for (const [callName, call] of Object.entries(value)) {
      if (!seen.has(call)) seen.set(call, { name: `${mapName}.${callName}`, call, url: callUrl(call) });
    }
  }
  return [...seen.values()];
}

/** A console request in react-admin's REST dialect: `/svc/admin/<resource>[/:id]`. */
export interface AdminResourceCall {
  resource: AdminResource;
  verb: AdminVerb;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The URL with `:id` where the verb names one record. */
  url: string;
}

const VERB_ROUTES: Record<AdminVerb, { method: AdminResourceCall['method']; withId: boolean }> = {
  list: { method: 'GET', withId: false },
  show: { method: 'GET', withId: true },
  create: { method: 'POST', withId: false },
  edit: { method: 'PUT', withId: true },
  delete: { method: 'DELETE', withId: true },
};

/**
 * Every console resource × verb of `roles.ts` that the app serves (a seam without a route, such
 * as a resource whose issue has not landed, is left out: it answers 404 to everyone).
 */
export function adminResourceCalls(app: FastifyInstance): AdminResourceCall[] {
  const calls: AdminResourceCall[] = [];
  for (const resource of ADMIN_RESOURCES) {
    for (const verb of ADMIN_VERBS) {
      const { method, withId } = VERB_ROUTES[verb];
      const url = `/svc/admin/${resource}${withId ? '/:id' : ''}`;
      if (app.hasRoute({ method, url })) calls.push({ resource, verb, method, url });
    }
  }
  return calls;
}

/** The resource an admin contract call belongs to (`/admin/dashboard` → dashboard), if it is one. */
export function adminResourceOf(call: Call): AdminResource | undefined {
  const match = /^\/admin\/([^/?]+)/.exec(call.path);
  return ADMIN_RESOURCES.find((resource) => resource === match?.[1]);
}

/** A call's path with its path fields (`/messages/{conversationId}`) filled from `request`, and the fields left for the query. */
export function inPath(template: string, request: Record<string, unknown> | undefined) {
  const rest = { ...request };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path, rest };
}

import type { CallMap } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../jobs/job';
import type { ProcessRegistry } from '../process/registry';
import type { AppServices } from '../services';
import { registerAdminResources } from './console/registry';
import type { AdminResourceDef } from './console/rest-adapter';
import { type CallHandlers, registerCalls } from './register-call';

/** A business process declared in shared rules (states, events, who may act); its engine wires it. */
export type ProcessDeclaration = object;

/**
 * One capability, the shape every one copies: its contract's calls and a handler for each,
 * plus, when it has them, routes outside the contract, console resources, jobs and a process.
 */
export interface CapabilityDef<M extends CallMap, S> {
  /** Names it in start-up errors. */
  name: string;
  /** Its contract's call map; a capability that only serves other routes (files, the sitemap) has none. */
  calls?: M;
  /** What its parts share, built once per app; the app's services when absent. */
  services?(app: AppServices): S;
  /** A handler for each call, under the call's name (checked at start). */
  handlers?(s: S): CallHandlers<M>;
  /** Routes outside the contract (files, the sitemap, social sign-in's browser legs) and app hooks. */
  routes?(app: FastifyInstance, s: S): void;
  adminResources?(s: S): AdminResourceDef[];
  jobs?(s: S): readonly JobDefinition[];
  process?: ProcessDeclaration;
  /** The named effects of process tables it implements, and its reactions to other processes' transitions. */
  processes?(registry: ProcessRegistry, s: S): void;
}

/** What a capability gives the app once installed. */
export interface Installed {
  adminResources: AdminResourceDef[];
  jobs: readonly JobDefinition[];
}

/** A capability ready to install: its definition's types end here, so a list can hold any of them. */
export interface Capability {
  readonly name: string;
  readonly calls: CallMap;
  readonly process?: ProcessDeclaration;
  install(app: FastifyInstance, services: AppServices): Installed;
}

export function defineCapability<M extends CallMap, S = AppServices>(def: CapabilityDef<M, S>): Capability {
  return {
    name: def.name,
    calls: def.calls ?? {},
    process: def.process,
    install(app, services) {
      const s = (def.services ? def.services(services) : services) as S;
      registerCalls(app, def.name, def.calls ?? {}, def.handlers?.(s) ?? {});
      def.routes?.(app, s);
      def.processes?.(services.processes.registry, s);
      return { adminResources: def.adminResources?.(s) ?? [], jobs: def.jobs?.(s) ?? [] };
    },
  };
}

/**
 * Install every capability the same way: calls, routes, then the console resources they
 * brought. Returns the jobs they declared, for the job runner. Two capabilities of one name,
 * or two jobs of one name, stop the start.
 */
export function registerCapabilities(
  app: FastifyInstance,
  services: AppServices,
  capabilities: readonly Capability[],
): { jobs: JobDefinition[] } {
  refuseTwice(
    'capability',
    capabilities.map((c) => c.name),
  );
  const installed = capabilities.map((capability) => capability.install(app, services));
  registerAdminResources(
    app,
    services.db,
    installed.flatMap((i) => i.adminResources),
    { donationEnabled: services.config.donationEnabled },
  );
  const jobs = installed.flatMap((i) => i.jobs);
  refuseTwice(
    'job',
    jobs.map((j) => j.name),
  );
  return { jobs };
}

function refuseTwice(what: string, names: string[]): void {
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length) throw new Error(`Two of one ${what} name: ${[...new Set(twice)].join(', ')}`);
}

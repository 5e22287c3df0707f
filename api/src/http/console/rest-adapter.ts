import { adminListQuerySchema } from '@yardly/shared/contract';
import { type AdminResource, type AdminVerb, authMessages, mayAdmin } from '@yardly/shared/rules';
import { type AnyColumn, and, asc, count, desc, type SQL, type Subquery } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Caller } from '../caller';
import { type AuditWrite, writeAudit } from './audit';

/** A list request in react-admin's terms, parsed and bounded. */
export interface ListParams {
  offset: number;
  limit: number;
  sort: { field: string; desc: boolean };
  filter: Record<string, unknown>;
  /** getMany: `filter={"id":[...]}`. */
  ids?: (string | number)[];
}

/** The console's resources by name (the dashboard is a call, not a resource). */
export type AdminResourceName = Exclude<AdminResource, 'dashboard'>;

/** Any resource, whatever its record and inputs: what a capability hands the registry. */
export type AdminResourceDef = ResourceDef<{ id: string | number }, unknown, unknown>;

/** Who makes a change through the console (written to the audit log). */
export interface AdminContext {
  actorId: number;
}

/**
 * One console resource. The adapter owns the dialect (query parsing, Content-Range, ids,
 * errors), the role guard and the audit log; a resource only reads and writes its rows.
 * `create`, `update` and `remove` run inside the transaction the audit entry is written in.
 */
export interface ResourceDef<R extends { id: string | number }, I = unknown, U = I> {
  name: AdminResourceName;
  record: z.ZodType<R>;
  /** A path id to the record's id type; null: no such record. */
  parseId(raw: string): string | number | null;
  list(db: Db, params: ListParams): Promise<{ rows: R[]; total: number }>;
  one(db: Db, id: string | number): Promise<R | undefined>;
  create?: { input: z.ZodType<I>; run(tx: Db, input: I, ctx: AdminContext): Promise<R> };
  update?: { input: z.ZodType<U>; run(tx: Db, id: string | number, input: U, ctx: AdminContext): Promise<R> };
  remove?(tx: Db, id: string | number, ctx: AdminContext): Promise<void>;
  /** Larger JSON bodies (a banner's image). */
  bodyLimit?: number;
}

const MAX_PAGE = 1000;
const rangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const sortSchema = z.tuple([z.string().min(1).max(60), z.enum(['ASC', 'DESC', 'asc', 'desc'])]);

/** `/svc/admin/<name>` in the ra-data-simple-rest dialect, every verb behind the role matrix. */
export function registerResource<R extends { id: string | number }, I, U>(
  app: FastifyInstance,
  db: Db,
  def: ResourceDef<R, I, U>,
): void {
  const base = `/svc/admin/${def.name}`;
  const guard = (verb: AdminVerb) => (request: FastifyRequest) => requireAdmin(request, def.name, verb);
  const idOf = (request: FastifyRequest) => {
    const id = def.parseId((request.params as { id: string }).id);
    if (id === null) throw AppError.notFound(`There is no such record in ${def.name}`);
    return id;
  };
  const found = async (dbOrTx: Db, id: string | number) => {
    const row = await def.one(dbOrTx, id);
    if (!row) throw AppError.notFound(`There is no such record in ${def.name}`);
    return row;
  };
  const audited = (
    action: AuditWrite['action'],
    request: FastifyRequest,
    work: (tx: Db) => Promise<Omit<AuditWrite, 'action'>>,
  ) =>
    db.transaction(async (tx) => {
      const entry = await work(tx as unknown as Db);
      await writeAudit(tx as unknown as Db, {
        ...entry,
        action,
        resource: def.name,
        actorId: adminOf(request).actorId,
      });
      return entry;
    });

  app.get(base, { preHandler: guard('list'), schema: { hide: true } }, async (request, reply) => {
    const params = parseListQuery(request.query);
    const { rows, total } = await def.list(db, params);
    const checked = z.array(def.record).parse(rows);
    const end = checked.length ? params.offset + checked.length - 1 : params.offset;
    return sendList(reply, `${def.name} ${params.offset}-${end}/${total}`, checked);
  });

  app.get(`${base}/:id`, { preHandler: guard('show'), schema: { hide: true } }, async (request) =>
    def.record.parse(await found(db, idOf(request))),
  );

  const { create, update, remove } = def;
  const opts = (verb: AdminVerb) => ({ preHandler: guard(verb), bodyLimit: def.bodyLimit, schema: { hide: true } });

  if (create) {
    app.post(base, opts('create'), async (request) => {
      const input = parseBody(create.input, request.body);
      const { after } = await audited('create', request, async (tx) => {
        const row = await create.run(tx, input, adminOf(request));
        return { recordId: String(row.id), before: null, after: row };
      });
      return def.record.parse(after);
    });
  }

  if (update) {
    app.put(`${base}/:id`, opts('edit'), async (request) => {
      const id = idOf(request);
      const input = parseBody(update.input, request.body);
      const { after } = await audited('update', request, async (tx) => {
        const before = await found(tx, id);
        const row = await update.run(tx, id, input, adminOf(request));
        return { recordId: String(id), before, after: row };
      });
      return def.record.parse(after);
    });
  }

  if (remove) {
    app.delete(`${base}/:id`, opts('delete'), async (request) => {
      const id = idOf(request);
      const { before } = await audited('delete', request, async (tx) => {
        const row = await found(tx, id);
        await remove(tx, id, adminOf(request));
        return { recordId: String(id), before: row, after: null };
      });
      // react-admin expects the deleted record back.
      return def.record.parse(before);
    });
  }
}

/** Signed in (401 otherwise) and allowed this verb on this resource by the matrix (403 otherwise). */
export async function requireAdmin(request: FastifyRequest, resource: AdminResource, verb: AdminVerb): Promise<void> {
  const caller = request.caller ?? (await request.server.resolveCaller(request));
  if (!caller) throw new AppError(401, authMessages.loginRequired);
  refuseUnlessAllowed(caller, resource, verb);
}

/** A signed-in caller allowed this verb on this resource by the matrix (403 otherwise). */
export function refuseUnlessAllowed(caller: Caller, resource: AdminResource, verb: AdminVerb): void {
  if (!mayAdmin(caller.roles, resource, verb)) throw AppError.forbidden('Your role does not allow this');
}

function adminOf(request: FastifyRequest): AdminContext {
  if (!request.caller) throw new AppError(401, authMessages.loginRequired);
  return { actorId: request.caller.userId };
}

function sendList(reply: FastifyReply, contentRange: string, rows: unknown[]) {
  return reply
    .header('Content-Range', contentRange)
    .header('Access-Control-Expose-Headers', 'Content-Range')
    .send(rows);
}

/** react-admin's `sort`, `range` and `filter` JSON; a malformed one is the client's mistake (400). */
export function parseListQuery(query: unknown): ListParams {
  const raw = parseBody(adminListQuerySchema, query);
  const range = raw.range ? parseJsonParam('range', raw.range, rangeSchema) : ([0, 24] as const);
  const [start, end] = range;
  if (end < start) throw AppError.badRequest('range must be [first, last] with last ≥ first', 'range');
  const sort = raw.sort ? parseJsonParam('sort', raw.sort, sortSchema) : (['id', 'ASC'] as const);
  const filter = raw.filter ? parseJsonParam('filter', raw.filter, z.record(z.string(), z.unknown())) : {};
  const { id, ...rest } = filter;
  const ids = Array.isArray(id) ? id.filter((v) => typeof v === 'string' || typeof v === 'number') : undefined;
  return {
    offset: start,
    limit: Math.min(end - start + 1, MAX_PAGE),
    sort: { field: sort[0], desc: sort[1].toUpperCase() === 'DESC' },
    filter: id !== undefined && !Array.isArray(id) ? { ...rest, id } : rest,
    ids,
  };
}

function parseJsonParam<T>(name: string, text: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw AppError.badRequest(`${name} is not valid JSON`, name);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw AppError.badRequest(`${name} is not in react-admin's form`, name);
  return parsed.data;
}

/** A request body through the contract's schema; each problem lands on its field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError(400, errors[0]?.message ?? 'The request is not valid', { errors });
}

/** The sort column a list was asked for; a field the list cannot sort by is a 400. */
export function sortColumn<C>(params: ListParams, columns: Record<string, C>): C {
  // Own keys only: `__proto__` or `constructor` names no column.
  const column = Object.hasOwn(columns, params.sort.field) ? columns[params.sort.field] : undefined;
  if (column === undefined) throw AppError.badRequest(`This list cannot be sorted by ${params.sort.field}`, 'sort');
  return column;
}

/** A filter's text value, trimmed; undefined when absent or blank. */
export function filterText(params: ListParams, key: string): string | undefined {
  const value = params.filter[key];
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** A filter's boolean value; undefined when absent. */
export function filterBool(params: ListParams, key: string): boolean | undefined {
  const value = params.filter[key];
  return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined;
}

/** `%text%` for ILIKE, with the pattern characters escaped. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The row count of a list query without its paging (for Content-Range). */
export async function totalOf(db: Db, query: { as(alias: string): unknown }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(query.as('counted') as Subquery);
  return row?.n ?? 0;
}

/**
 * One page of a list query (already filtered) in the asked order, with the total for
 * Content-Range. `tiebreak` keeps the order stable across pages.
 */
export async function pageRows<T extends PgSelect>(
  db: Db,
  p: ListParams,
  from: { query: T; where: (SQL | undefined)[]; sortable: Record<string, AnyColumn | SQL>; tiebreak: AnyColumn | SQL },
): Promise<{ rows: T['_']['result']; total: number }> {
  const { sortable, tiebreak } = from;
  const column = sortColumn(p, sortable);
  const query = from.query.where(and(...from.where));
  // Counted first: a dynamic query is changed in place by orderBy and limit.
  const total = await totalOf(db, query);
  const rows = await query
    .orderBy(p.sort.desc ? desc(column) : asc(column), asc(tiebreak))
    .limit(p.limit)
    .offset(p.offset);
  return { rows, total };
}

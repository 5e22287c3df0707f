import type { Db } from './connect';

type EndWork = (tx: Db) => Promise<void>;
type AfterCommit = () => void;
type AfterRollback = () => Promise<unknown>;

/** The work each open transaction has left for its end (transactions opened by a `db.transaction` that runs it). */
const endWork = new WeakMap<Db, EndWork[]>();
/** What each open transaction's commit is to set going. */
const commitHooks = new WeakMap<Db, AfterCommit[]>();
/** What each open transaction's rollback is to undo outside the database. */
const rollbackHooks = new WeakMap<Db, AfterRollback[]>();

/**
 * Leaves `work` for the end of `tx`: it runs after everything else the transaction does, just
 * before it commits, and not at all when it rolls back. Answers false when `tx` is not such a
 * transaction (the database itself, a savepoint's nested transaction): the caller does the work now.
 * Live events use it to take all of a transaction's locks in one sorted pass, last.
 */
export function atTransactionEnd(tx: Db, work: EndWork): boolean {
  const queued = endWork.get(tx);
  if (!queued) return false;
  queued.push(work);
  return true;
}

/**
 * Calls `hook` once `tx` has committed (never when it rolls back): for what only the committed rows
 * may start, such as the job runner looking for the job just queued. Synchronous and not awaited:
 * it starts work, it does not do it. Answers false when `tx` is not a transaction that runs hooks
 * (the database itself: already committed; a savepoint's nested transaction: the caller decides).
 */
export function afterCommit(tx: Db, hook: AfterCommit): boolean {
  const hooks = commitHooks.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/**
 * Calls `hook` once `tx` has rolled back (never when it commits), and waits for it before the
 * failure reaches the caller: for what the transaction did outside the database and must undo
 * (a carrier's label bought inside it is voided). A failing hook does not hide the failure.
 * Answers false when `tx` is not a transaction that runs hooks: the caller undoes it itself.
 */
export function afterRollback(tx: Db, hook: AfterRollback): boolean {
  const hooks = rollbackHooks.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/**
 * Makes `db.transaction` run, before it commits, the work its transaction left with
 * `atTransactionEnd`, once committed its `afterCommit` hooks, and once rolled back its
 * `afterRollback` hooks (openDatabase does).
 */
export function runningTransactionEnds(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (body, config) => {
    const hooks: AfterCommit[] = [];
    const undo: AfterRollback[] = [];
    let answer: Awaited<ReturnType<typeof body>>;
    try {
      answer = await transaction(async (tx) => {
        const queued: EndWork[] = [];
        endWork.set(tx, queued);
        commitHooks.set(tx, hooks);
        rollbackHooks.set(tx, undo);
        try {
          const result = await body(tx);
          for (const work of queued) await work(tx);
          return result;
        } finally {
          endWork.delete(tx);
          commitHooks.delete(tx);
          rollbackHooks.delete(tx);
        }
      }, config);
    } catch (error) {
      await Promise.allSettled(undo.map((hook) => hook()));
      throw error;
    }
    for (const hook of hooks) hook();
    return answer;
  }) as Db['transaction'];
  return db;
}

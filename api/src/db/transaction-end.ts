import type { Db } from './connect';

type EndWork = (tx: Db) => Promise<void>;

/** The work each open transaction has left for its end (transactions opened by a `db.transaction` that runs it). */
const endWork = new WeakMap<Db, EndWork[]>();

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

/** Makes `db.transaction` run, before it commits, the work its transaction left with `atTransactionEnd` (openDatabase does). */
export function runningTransactionEnds(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((body, config) =>
    transaction(async (tx) => {
      const queued: EndWork[] = [];
      endWork.set(tx, queued);
      try {
        const answer = await body(tx);
        for (const work of queued) await work(tx);
        return answer;
      } finally {
        endWork.delete(tx);
      }
    }, config)) as Db['transaction'];
  return db;
}

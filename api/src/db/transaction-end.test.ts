import { describe, expect, it } from 'vitest';
import type { Db } from './connect';
import { afterCommit, afterRollback, atTransactionEnd, runningTransactionEnds } from './transaction-end';

/** A database whose transactions only say what happens to them (the drivers' own is tested through the api). */
function recordingDb(steps: string[]): Db {
  const tx = { name: 'tx' } as unknown as Db;
  const db = {
    async transaction(body: (tx: Db) => Promise<unknown>) {
      steps.push('begin');
      try {
        const answer = await body(tx);
        steps.push('commit');
        return answer;
      } catch (error) {
        steps.push('rollback');
        throw error;
      }
    },
  } as unknown as Db;
  return runningTransactionEnds(db);
}

describe('work left for the end of a transaction', () => {
  it('runs after everything the transaction does, in order, just before it commits', async () => {
    const steps: string[] = [];
    const db = recordingDb(steps);
    const answer = await db.transaction(async (tx) => {
      expect(atTransactionEnd(tx, async () => void steps.push('first end work'))).toBe(true);
      steps.push('statement');
      expect(atTransactionEnd(tx, async () => void steps.push('second end work'))).toBe(true);
      steps.push('last statement');
      return 42;
    });
    expect(answer).toBe(42);
    expect(steps).toEqual(['begin', 'statement', 'last statement', 'first end work', 'second end work', 'commit']);
  });

  it('does not run when the transaction rolls back, and a failing one rolls it back', async () => {
    const steps: string[] = [];
    const db = recordingDb(steps);
    await expect(
      db.transaction(async (tx) => {
        atTransactionEnd(tx, async () => void steps.push('end work'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      db.transaction(async (tx) => {
        atTransactionEnd(tx, async () => {
          throw new Error('end work failed');
        });
      }),
    ).rejects.toThrow('end work failed');
    expect(steps).toEqual(['begin', 'rollback', 'begin', 'rollback']);
  });

  it('is refused outside a transaction and after one has ended: the caller does the work at once', async () => {
    const steps: string[] = [];
    const db = recordingDb(steps);
    expect(atTransactionEnd(db, async () => {})).toBe(false);
    let ended: Db | undefined;
    await db.transaction(async (tx) => {
      ended = tx;
    });
    expect(atTransactionEnd(ended as Db, async () => {})).toBe(false);
  });

  it('calls its after-commit hooks once it has committed, and never after a rollback', async () => {
    const steps: string[] = [];
    const db = recordingDb(steps);
    await db.transaction(async (tx) => {
      expect(afterCommit(tx, () => void steps.push('hook'))).toBe(true);
      steps.push('statement');
    });
    await expect(
      db.transaction(async (tx) => {
        afterCommit(tx, () => void steps.push('hook of the rolled back one'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(steps).toEqual(['begin', 'statement', 'commit', 'hook', 'begin', 'rollback']);
    expect(afterCommit(db, () => {})).toBe(false);
  });

  it('calls its after-rollback hooks once it rolled back, before the failure reaches the caller, never after a commit', async () => {
    const steps: string[] = [];
    const db = recordingDb(steps);
    await db.transaction(async (tx) => {
      expect(afterRollback(tx, async () => void steps.push('undo of the committed one'))).toBe(true);
    });
    await expect(
      db.transaction(async (tx) => {
        afterRollback(tx, async () => {
          throw new Error('the undo failed too');
        });
        afterRollback(tx, async () => void steps.push('label voided'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(steps).toEqual(['begin', 'commit', 'begin', 'rollback', 'label voided']);
    expect(afterRollback(db, async () => {})).toBe(false);
  });
});

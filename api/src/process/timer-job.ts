import { can } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import { defineJob, type JobDefinition, PermanentJobError } from '../jobs/job';
import { type TimerPayload, timerJobName } from './timers';
import { type BoundProcess, type SubjectRow, SYSTEM, transition } from './transition';

// biome-ignore lint/suspicious/noExplicitAny: one job for a process of any state and event union.
type AnyBound = BoundProcess<any, any, any, any, any>;

/** The timer events a process declares (those with `after`). */
export function timerEvents(bound: AnyBound): string[] {
  return Object.entries<{ after?: unknown }>(bound.process.events)
    .filter(([, def]) => def.after !== undefined)
    .map(([event]) => event);
}

/**
 * The one job that takes every timer of `bound`'s process (`timer:<process>`). When due it locks
 * the subject and asks the table whether the platform may take the event from the state it is in
 * now (`can`, the system actor); if so it takes it through the normal transition (one transaction
 * with its log row and the event's effects), else it does nothing and logs why (the subject moved on).
 */
export function timerJob(bound: AnyBound): JobDefinition<TimerPayload> {
  const { process, table } = bound;
  const taking = bound.timers;
  if (!taking) throw new Error(`${process.name}: its timers have no way to be taken`);
  const load =
    taking.load ??
    (async (tx: Db, id: number) => {
      const [row] = await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update');
      return row && ({ ...row, state: row[bound.stateKey] } as SubjectRow<string, typeof table>);
    });
  const events = timerEvents(bound);
  return defineJob<TimerPayload>({
    name: timerJobName(process),
    async run({ subjectId, event, at }, { db, now, log }) {
      // Trying again cannot help a job queued for an event the table no longer has as a timer.
      if (!events.includes(event)) throw new PermanentJobError(`${process.name} has no timer ${event}`);
      const fired = { process: process.name, subjectId, event, due: at };
      const outcome = await db.transaction(async (tx) => {
        const subject = await load(tx, subjectId);
        if (!subject) return { took: false, reason: 'gone' };
        const facts = await taking.facts(tx, subject, now);
        const verdict = can(process, subject.state, event, SYSTEM.role, facts);
        if (!verdict.ok) return { took: false, reason: verdict.reason, state: subject.state };
        await transition(tx, bound, subject, event, SYSTEM, {
          facts,
          set: (started) => taking.set?.(subject, event, started, now) ?? {},
          now,
        });
        return { took: true };
      });
      if (outcome.took) log.info(fired, 'timer took its event');
      else log.info({ ...fired, ...outcome }, 'timer does nothing: the table refuses its event now');
    },
  });
}

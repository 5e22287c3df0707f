import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock/clock';
import type { Db } from '../db/connect';
import { pruneDoneJobs } from './prune';
import { createJobs, type Jobs } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one clock of this app: every time rule reads it. */
    clock: Clock;
    /** This app's durable jobs: server.ts starts polling them; tests run them through the dev clock. */
    jobs: Jobs;
  }
}

/**
 * The app's jobs, on its clock: recurring jobs get their first run queued when the app is ready
 * (capabilities register theirs while the app is built), and closing waits for a job in progress.
 * The table keeps itself small: finished jobs are pruned after a week.
 */
export function installJobs(app: FastifyInstance, deps: { db: Db; clock: Clock }): Jobs {
  const jobs = createJobs({ db: deps.db, clock: deps.clock, log: app.log });
  jobs.register(pruneDoneJobs);
  app.decorate('clock', deps.clock);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.ensureSchedules());
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}

import { z } from 'zod';
import { defineCall } from './call';

/** One read replica as health sees it (docs/decisions/0060); named by its place in DATABASE_READ_URLS. */
export const replicaHealthSchema = z.object({
  replica: z.number().int().min(1),
  /** ok: lag-tolerant reads go to it; lagging: further behind than DATABASE_READ_MAX_LAG_MS; down: not answering or not a replica. */
  state: z.enum(['ok', 'lagging', 'down']),
  /** How far its replay is behind the primary in ms (0: caught up); null when down, or behind with no transaction replayed yet. */
  lagMs: z.number().int().min(0).nullable(),
});

/** What waits for the live bus's relay (docs/decisions/0059): near 0 in steady state. */
export const relayBacklogSchema = z.object({
  /** Outbox rows not yet published to the bus: live events and session ends. */
  backlog: z.number().int().min(0),
  /** How long the oldest of them has waited, in ms; null when none waits. */
  oldestAgeMs: z.number().int().min(0).nullable(),
});

export const healthCall = defineCall({
  method: 'GET',
  path: '/health',
  auth: 'none',
  summary: 'Liveness and database check; with read replicas, each one and its lag; with a live bus, the relay backlog',
  response: z.object({
    db: z.literal('ok'),
    /** Only when DATABASE_READ_URLS names replicas. A replica down does not fail the check: reads go to the primary. */
    replicas: z.array(replicaHealthSchema).optional(),
    /** Only when LIVE_BUS_URL names a bus. A backlog does not fail the check: nothing is lost, it goes out when the bus is back. */
    liveBus: relayBacklogSchema.optional(),
  }),
});

export const healthCalls = { check: healthCall } as const;

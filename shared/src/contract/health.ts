import { z } from 'zod';
import { defineCall } from './call';

export const healthCall = defineCall({
  method: 'GET',
  path: '/health',
  auth: 'none',
  summary: 'Liveness and database check',
  response: z.object({ db: z.literal('ok') }),
});

export const healthCalls = { check: healthCall } as const;

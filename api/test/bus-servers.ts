import { describe, it } from 'vitest';
import { reachable } from './reachable';

export { reachable };

/** The buses the live-bus tests run over: NATS JetStream and Redis Streams on loopback (.ci/run starts them). */
export const BUS_ENGINES = [
  { name: 'NATS JetStream', url: 'nats://127.0.0.1:4222', port: 4222, slot: 0 },
  { name: 'Redis Streams', url: 'redis://127.0.0.1:6379', port: 6379, slot: 1 },
] as const;
export type BusEngine = (typeof BUS_ENGINES)[number];

/**
 * The engines whose server answers. For one that does not, a test saying so: failing in CI
 * (`CI=true`), elsewhere reported as skipped with the reason (never skipped silently).
 */
export async function runningBusEngines(): Promise<BusEngine[]> {
  const up: BusEngine[] = [];
  for (const engine of BUS_ENGINES) {
    if (await reachable(engine.port)) {
      up.push(engine);
      continue;
    }
    const why = `${engine.name} is not reachable on 127.0.0.1:${engine.port}: the live bus tests over it cannot run (start it as .ci/run does)`;
    if (process.env.CI === 'true') {
      describe(`live updates over ${engine.name}`, () => {
        it('finds the server running', () => {
          throw new Error(why);
        });
      });
    } else {
      console.warn(`SKIPPED: ${why}`);
      describe.skip(`live updates over ${engine.name} (SKIPPED: ${why})`, () => {
        it('finds the server running', () => {});
      });
    }
  }
  return up;
}

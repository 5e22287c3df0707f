import {
  type AnyInvariants,
  donationInvariants,
  type Exploration,
  exploreProcess,
  listingInvariants,
  offerInvariants,
  orderInvariants,
  organisationInvariants,
  type ProcessStep,
  payoutInvariants,
  rentalInvariants,
  reportInvariants,
  returnInvariants,
  tableProblems,
} from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import {
  type Cast,
  listingReplayer,
  offerReplayer,
  orderReplayer,
  organisationReplayer,
  type ReplayCount,
  type Replayer,
  rentalReplayer,
  replay,
  replayable,
} from './process-replay';
import { withRoles } from './role-helpers';

// Issue 35 item 6: every process table explored exhaustively on its declaration alone (every
// sequence of events by every role and every due timer, up to a bound), each invariant the
// process declares checked on each sequence; then a sample of those sequences replayed against
// the api, which must agree with the table at every step. `pnpm check:processes` runs it deeper.
const BOUND = Number(process.env.PROCESS_BOUND ?? 6);
/** Sequences replayed per process: those covering every event the replay can take, then more. */
const SAMPLE = Number(process.env.PROCESS_REPLAY ?? 4);

const PROCESSES: AnyInvariants[] = [
  orderInvariants,
  listingInvariants,
  offerInvariants,
  returnInvariants,
  donationInvariants,
  rentalInvariants,
  payoutInvariants,
  reportInvariants,
  organisationInvariants,
];

type Path = ProcessStep[];
const named = (path: readonly ProcessStep[]) => path.map((s) => `${s.event}(${s.by})`).join(' > ');
const explored = new Map<string, Exploration<string, string>>();

describe.each(PROCESSES.map((invariants) => [invariants.process.name, invariants] as const))(
  'the %s process, on its declaration alone',
  (name, invariants) => {
    it(`keeps every invariant it declares on every sequence of up to ${BOUND} events`, () => {
      const run = exploreProcess(invariants, BOUND, { keep: true });
      explored.set(name, run as Exploration<string, string>);
      const rules = Object.keys(invariants.rules).length;
      console.info(
        `${name}: ${run.states.size}/${Object.keys(invariants.process.states).length} states, ` +
          `${run.configurations} configurations, ${run.sequences} sequences of 1-${BOUND} events, ` +
          `${rules} invariants (${run.checks} checks) and the table's shape (finals, reachability, dead events)`,
      );
      expect(run.broken.map((b) => `${b.rule} (${b.says}): ${named(b.path)}`)).toEqual([]);
      expect(run.sequences).toBeGreaterThan(0);
    });

    it('has no dead event, no unreachable state, and exactly its declared final states end it', () => {
      expect(tableProblems(invariants)).toEqual([]);
    });
  },
);

describe('the exploration can fail', () => {
  it('finds the shortest sequence breaking a rule, and a dead event', () => {
    const strict = {
      ...offerInvariants,
      rules: {
        neverAccepted: { says: 'never accepted', holds: (path: Path) => path.every((s) => s.to !== 'accepted') },
      },
    } as AnyInvariants;
    expect(exploreProcess(strict, 3).broken.map((b) => named(b.path))).toEqual(['make(buyer) > accept(buyer)']);
    const wrongFinals = { ...rentalInvariants, final: ['deleted'] } as AnyInvariants;
    expect(tableProblems(wrongFinals)).toEqual(['rental: final state deleted takes restore']);
  });
});

describe('the api agrees with each table on a sample of those sequences', () => {
  let t: TestApp;
  let cast: Cast;
  const count: ReplayCount = { sequences: 0, steps: 0, probes: 0, probed: new Set() };

  beforeAll(async () => {
    t = await startTestApp();
    cast = {
      seller: await signedUp(t, freshEmail('seller')),
      buyer: await signedUp(t, freshEmail('buyer')),
      admin: await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']),
    };
  });
  afterAll(() => t?.close());

  /** Sequences covering every (event, actor) the replayer takes, the longest first, then evenly spread others. */
  function sample<R extends Replayer<never, unknown>>(replayer: R, name: string): Path[] {
    const run = explored.get(name) ?? exploreProcess(replayer.invariants, BOUND, { keep: true });
    const seen = new Set<string>();
    const candidates: Path[] = [];
    for (const { path } of run.kept) {
      const key = named(path);
      if (seen.has(key) || !replayable(replayer, path as never)) continue;
      seen.add(key);
      candidates.push(path);
    }
    candidates.sort((a, b) => b.length - a.length);
    const chosen: Path[] = [];
    const covered = new Set<string>();
    const pairs = (path: Path) => path.map((s) => `${s.event}(${s.by})`);
    for (const path of candidates) {
      if (chosen.length >= SAMPLE) break;
      if (pairs(path).some((p) => !covered.has(p))) {
        chosen.push(path);
        for (const p of pairs(path)) covered.add(p);
      }
    }
    const stride = Math.max(1, Math.floor(candidates.length / Math.max(1, SAMPLE - chosen.length)));
    for (let i = 0; chosen.length < SAMPLE && i < candidates.length; i += stride) {
      const path = candidates[i] as Path;
      if (!chosen.includes(path)) chosen.push(path);
    }
    console.info(
      `${name}: replaying ${chosen.length} of ${candidates.length} sequences the api can be driven through, covering ${[...covered].sort().join(', ')}`,
    );
    return chosen;
  }

  const REPLAYERS = [
    ['rental', rentalReplayer],
    ['listing', listingReplayer],
    ['offer', offerReplayer],
    ['order', orderReplayer],
    ['organisation', organisationReplayer],
  ] as const;

  // Minutes of the dev clock move per timer step (each runs what came due): a busy machine needs the room.
  it.each(REPLAYERS)(
    '%s: allowed where the table allows, refused where it does not',
    { timeout: 180_000 },
    async (name, make) => {
      const replayer = make(t, cast) as unknown as Replayer<never, unknown>;
      for (const path of sample(replayer, name)) await replay(replayer, path as never, count);
    },
  );

  afterAll(() => {
    console.info(
      `replayed ${count.sequences} sequences: ${count.steps} steps taken, ${count.probes} distinct refusals checked`,
    );
  });
});

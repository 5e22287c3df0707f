// Measuring: autocannon against the server process, and the same search called directly.
import autocannon, { type Result } from 'autocannon';

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

export interface HttpTarget {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

export async function measureHttp(
  origin: string,
  target: HttpTarget,
  options: { seconds: number; connections: number },
): Promise<Figures> {
  // autocannon's summary has no p95: every response time is kept and ranked here instead.
  const times: number[] = [];
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}${target.path}`,
        method: target.method ?? 'GET',
        headers: target.body ? { 'content-type': 'application/json' } : {},
        body: target.body ? JSON.stringify(target.body) : undefined,
        connections: options.connections,
        duration: options.seconds,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  return {
    name: target.name,
    rps: result.requests.average,
    ...percentiles(times),
    errors: result.errors + result.non2xx,
  };
}

export function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Call `run` from `concurrency` loops for `seconds`: the same load shape as autocannon. */
export async function measureDirect(
  name: string,
  run: () => Promise<unknown>,
  options: { seconds: number; connections: number },
): Promise<Figures> {
  const times: number[] = [];
  const until = Date.now() + options.seconds * 1000;
  let errors = 0;
  const loop = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      try {
        await run();
      } catch {
        errors++;
      }
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  return { name, rps: times.length / options.seconds, ...percentiles(times), errors };
}

export function printHeader(): void {
  console.log(
    `  ${'call'.padEnd(52)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'errors'.padStart(8)}`,
  );
}

export function printRow(f: Figures): void {
  console.log(
    `  ${f.name.padEnd(52)}${f.rps.toFixed(0).padStart(8)}${f.p50.toFixed(1).padStart(9)}${f.p95.toFixed(1).padStart(9)}${String(f.errors).padStart(8)}`,
  );
}

/** Each target over HTTP in turn, under a header: their figures, each printed as it comes. */
export async function measureHttpTable(
  origin: string,
  targets: HttpTarget[],
  options: { seconds: number; connections: number },
): Promise<Figures[]> {
  console.log('  over HTTP (autocannon, api in a second process):');
  printHeader();
  const all: Figures[] = [];
  for (const target of targets) {
    const figures = await measureHttp(origin, target, options);
    all.push(figures);
    printRow(figures);
  }
  return all;
}

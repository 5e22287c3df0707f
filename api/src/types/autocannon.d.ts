// autocannon ships no types; this is the part the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    non2xx: number;
  }
  export interface Options {
    url: string;
    method?: 'GET' | 'POST';
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Instance {
    /** Each response: the time it took in ms. */
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}

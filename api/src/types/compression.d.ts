// compression's own types come through express's; the web handler uses it on plain node:http
// request and response objects, which it supports. This is the part we use.
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface CompressionOptions {
    /** Bytes below which a response is sent as it is (default 1 kB). */
    threshold?: number | string;
  }
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  export default function compression(options?: CompressionOptions): Middleware;
}

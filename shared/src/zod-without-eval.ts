// zod as the storefront's browser bundles get it (storefront/astro.config.mjs resolves 'zod'
// here): zod probes for eval with `new Function` when its first object schema is made, to
// speed parsing up, and catches the refusal; but a page whose script-src allows no
// 'unsafe-eval' still reports the probe as a Content-Security-Policy violation. jitless skips
// the probe; it must be set before any schema exists, which an import of this module
// guarantees. On the server (no document) zod keeps its fast path.
import { config } from 'zod/v4';

if (typeof document !== 'undefined') config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';

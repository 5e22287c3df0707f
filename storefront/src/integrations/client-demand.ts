import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:demand` (./client-demand-directive.ts): hydrate an island when it is wanted. */
export function clientDemand(): AstroIntegration {
  return {
    name: 'yardly:client-demand',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'demand',
          entrypoint: fileURLToPath(new URL('./client-demand-directive.ts', import.meta.url)),
        });
      },
    },
  };
}

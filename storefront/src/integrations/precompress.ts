import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressFolder } from '../../../scripts/precompress.mjs';

/**
 * After the build, a `.br` and a `.gz` beside every text file of the client output
 * (scripts/precompress.mjs): the api serves them as they are.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'yardly:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const files = await precompressFolder(fileURLToPath(dir));
        logger.info(`${files} files precompressed (br, gz)`);
      },
    },
  };
}

import { join } from 'node:path';

/**
 * The storefront and console builds matching the donation flag the api runs with: the flag is
 * build-time for the pages (spec section 6), so each value is built into its own folder
 * (scripts/web-builds.mjs names them; docs/decisions/0035-donation-build.md). Serving a flag-off
 * build beside a flag-on api would show no donation page while its calls answer.
 */
export function webBuildDirs(
  repoRoot: string,
  donationEnabled: boolean,
): { storefrontDist: string; adminDist: string } {
  const folder = donationEnabled ? 'dist-donation' : 'dist';
  return { storefrontDist: join(repoRoot, 'storefront', folder), adminDist: join(repoRoot, 'admin', folder) };
}

// Where the storefront and the console are built for each value of the donation flag
// (docs/decisions/0035-donation-build.md). The flag is a build-time one for both (spec section 6),
// so each value has a build of its own, side by side: the api serves the one matching the flag
// it runs with. astro.config.mjs and admin/vite.config.ts choose their output folder from it,
// scripts/start.mjs builds the one `pnpm start` needs, api/src/web/web-builds.ts serves it.

/** The one reading of PUBLIC_DONATION_ENABLED (shared/src/rules/donation.ts `donationFlag`, in plain JavaScript for the configs). */
export function donationFlagOn(value) {
  return typeof value === 'string' && value.trim().toLowerCase() === 'true';
}

/** A build's folder name inside its package: `dist`, or `dist-donation` with the flag on. */
export function webBuildFolder(donationEnabled) {
  return donationEnabled ? 'dist-donation' : 'dist';
}

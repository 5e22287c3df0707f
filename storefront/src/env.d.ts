/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Build-time flag: 'true' turns on the donation pages and the "Why Donate?" menu entry. */
  readonly PUBLIC_DONATION_ENABLED?: string;
  /** Build-time flag: 'true' asks a guest to sign up when they open a rental's details (spec section 6). */
  readonly PUBLIC_RENTAL_DETAILS_SIGNUP?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace App {
  interface Locals {
    /** The site's one configured origin (the api's PUBLIC_URL), handed over by the api that serves the pages. */
    publicOrigin?: string;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate when wanted (src/integrations/client-demand-directive.ts). */
    'client:demand'?: import('./integrations/client-demand-directive').DemandOptions;
  }
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time flag: 'true' adds the donation resources (spec section 2: donation flag only). */
  readonly PUBLIC_DONATION_ENABLED?: string;
}

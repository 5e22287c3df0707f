// Mail on a machine where `pnpm start` runs with no settings: codes must reach the person
// trying the product, and there is no mail server. Production refuses to start without
// SMTP_URL unless MAIL_LOG=1 (api/src/config.ts); a local trial gets MAIL_LOG=1 from here.

/**
 * A local trial: production mode with neither SMTP_URL nor PUBLIC_URL nor MAIL_LOG set. Whoever
 * names a public URL serves the public and chooses for themselves: SMTP_URL, or MAIL_LOG=1.
 * (An empty variable counts as unset, as in api/src/config.ts.)
 */
export function isLocalTrial(env) {
  return env.NODE_ENV === 'production' && !env.SMTP_URL && !env.PUBLIC_URL && !env.MAIL_LOG;
}

export const LOCAL_TRIAL_NOTICE =
  'No SMTP_URL and no PUBLIC_URL: a local trial. Mail, sign-in codes included, is written to this log (MAIL_LOG=1). ' +
  'To serve the public, set PUBLIC_URL and SMTP_URL.';

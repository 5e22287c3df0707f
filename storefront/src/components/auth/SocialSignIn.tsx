import { type SocialReturnPath, socialAuthorizePath } from '@yardly/shared/contract';
import { SOCIAL_PROVIDER_LABELS, type SocialProvider } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { logFailure } from '../../lib/log-failure';
import { offeredSocialProviders } from '../../stores/auth';
import { openAuthDialog, type SocialVerb } from '../../stores/auth-dialog';

/** The providers this installation has configured (none until the list arrives, or if it fails). */
export function useOfferedProviders(): SocialProvider[] {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let current = true;
    offeredSocialProviders().then(
      (offered) => current && setProviders(offered),
      // Without the list, the email forms still work: log why, show no buttons.
      (cause: unknown) => logFailure('Could not load the sign-in providers', cause),
    );
    return () => {
      current = false;
    };
  }, []);
  return providers;
}

/** 'Google', 'Google or LinkedIn', 'Google, Facebook or LinkedIn'. */
export function providerNames(providers: SocialProvider[]): string {
  const labels = providers.map((provider) => SOCIAL_PROVIDER_LABELS[provider]);
  return labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** Where the provider sends the browser back: the rentals site's own redirect page when it started there (spec section 2). */
function returnPathHere(): SocialReturnPath {
  const onRentals = Boolean(globalThis.document?.querySelector('[data-section="rentals"]'));
  return onRentals ? '/rentals/oauth2/redirect' : '/oauth2/redirect';
}

/** One provider's button: the browser leaves for the provider and comes back to /oauth2/redirect (or /rentals/oauth2/redirect). */
export function ProviderLink({ provider, verb }: { provider: SocialProvider; verb: SocialVerb }) {
  return (
    <a className="button button--secondary button--block" href={socialAuthorizePath(provider, returnPathHere())}>
      {verb} with {SOCIAL_PROVIDER_LABELS[provider]}
    </a>
  );
}

/**
 * Under the email forms: one provider offered, its button; several, one button that opens the
 * select social dialog; none configured, nothing.
 */
export function SocialSignIn({ verb }: { verb: SocialVerb }) {
  const providers = useOfferedProviders();
  const [only] = providers;
  if (!only) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__or">or</p>
      {providers.length === 1 ? (
        <ProviderLink provider={only} verb={verb} />
      ) : (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => openAuthDialog({ name: 'selectSocial', verb })}
        >
          Continue with {providerNames(providers)}
        </button>
      )}
    </div>
  );
}

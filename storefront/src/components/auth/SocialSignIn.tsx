import { SOCIAL_PROVIDER_LABELS, type SocialProvider, socialAuthorizePath } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { offeredSocialProviders } from '../../stores/auth';

/**
 * 'Continue with Google / Facebook / LinkedIn': only the providers this installation has
 * configured (none, and nothing shows). The browser leaves for the provider and comes back
 * to /oauth2/redirect.
 */
export function SocialSignIn({ verb }: { verb: 'Log in' | 'Sign up' }) {
  const [providers, setProviders] = useState<SocialProvider[]>([]);

  useEffect(() => {
    let current = true;
    offeredSocialProviders().then(
      (offered) => current && setProviders(offered),
      // Without the list, the email forms still work: log why, show no buttons.
      (cause: unknown) => console.error('Could not load the sign-in providers', cause),
    );
    return () => {
      current = false;
    };
  }, []);

  if (!providers.length) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__or">or</p>
      {providers.map((provider) => (
        <a key={provider} className="button button--secondary button--block" href={socialAuthorizePath(provider)}>
          {verb} with {SOCIAL_PROVIDER_LABELS[provider]}
        </a>
      ))}
    </div>
  );
}

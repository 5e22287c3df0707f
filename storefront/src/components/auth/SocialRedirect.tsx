import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { socialRedirectQuerySchema } from '@yardly/shared/contract';
import { SOCIAL_PROVIDER_LABELS } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { finishSocialSignIn } from '../../stores/auth';
import { openAuthDialog } from '../../stores/auth-dialog';

/**
 * The auth redirect page (spec section 2): reads `token`, `error` and `errorMessage`, signs in
 * with the ticket, then goes to /?q=login or /?q=signup (/rentals/ prefixed when the sign-in
 * started on the rentals site). Mode `verifyEmail`: the provider vouched for no email, so the
 * person proves one in the social email dialogs first.
 */
/** The site the sign-in started on: the rentals' redirect page is under /rentals/. */
function homeOfThisRedirect(): '/' | '/rentals/' {
  return window.location.pathname.startsWith('/rentals/') ? '/rentals/' : '/';
}

export function SocialRedirect() {
  const [error, setError] = useState<string | null>(null);
  const [provingEmail, setProvingEmail] = useState<(() => void) | null>(null);

  useEffect(() => {
    const params = Object.fromEntries(new URLSearchParams(window.location.search));
    const query = socialRedirectQuerySchema.safeParse(params);
    const base = homeOfThisRedirect();
    if (!query.success || query.data.error || !query.data.token) {
      setError(query.success ? (query.data.errorMessage ?? GENERIC_ERROR_MESSAGE) : GENERIC_ERROR_MESSAGE);
      return;
    }
    const { token, mode, provider, email } = query.data;
    if (mode === 'verifyEmail') {
      const providerLabel = provider ? SOCIAL_PROVIDER_LABELS[provider] : 'Your provider';
      const ask = () => openAuthDialog({ name: 'socialEmail', ticket: token, providerLabel, home: base, email });
      setProvingEmail(() => ask);
      ask();
      return;
    }
    finishSocialSignIn(token).then(
      (data) => window.location.replace(`${base}?q=${data.isNewUser ? 'signup' : 'login'}`),
      (cause: unknown) => setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE),
    );
  }, []);

  if (provingEmail) {
    return (
      <div className="social-redirect">
        <h1>Confirm your email to finish signing in</h1>
        <p>
          <button type="button" className="button" onClick={provingEmail}>
            Enter your email
          </button>
        </p>
      </div>
    );
  }
  if (!error) {
    return (
      <p className="social-redirect" role="status">
        Signing you in…
      </p>
    );
  }
  return (
    <div className="social-redirect" role="alert">
      <h1>We could not sign you in</h1>
      <p>{error}</p>
      <a className="button" href={`${homeOfThisRedirect()}?q=login`}>
        Try again
      </a>
    </div>
  );
}

import { openAuthDialog } from '../stores/auth-dialog';
import { GUEST_PROMPTS } from '../stores/session';

interface AccountLinkProps {
  href: string;
  className: string;
  signedIn: boolean;
  children: string;
  /** Names the link for a screen reader where its text alone is not enough ('Message the seller of …'). */
  label?: string;
}

/** A link that needs an account: a guest's press opens the login dialog, which goes there afterwards. */
export function AccountLink({ href, className, signedIn, children, label }: AccountLinkProps) {
  if (signedIn) {
    return (
      <a className={className} href={href} aria-label={label}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onClick={() => openAuthDialog({ name: 'login', notice: GUEST_PROMPTS.account, returnTo: href })}
    >
      {children}
    </button>
  );
}

import { inviteEmailSchema } from '@yardly/shared/contract';
import { rewardMessages } from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { browserApi } from '../../lib/api';
import { EmailField, FormAlert, SubmitButton } from '../auth/fields';
import { useAuthForm } from '../auth/use-auth-form';

/**
 * The referral invite (spec section 4: enter email, invite sent, refer again). The contract's
 * schema checks the address ('Please enter valid email address'); the api's refusal (already a
 * member, oneself, too many today) is shown as it says it.
 */
export function InviteForm({ onSent }: { onSent?: () => void }) {
  const [round, setRound] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingId = useId();

  if (sentTo !== null) {
    return (
      <div className="invite-form invite-form--sent">
        <p className="form-notice" role="status">
          {rewardMessages.inviteSent} to {sentTo}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setSentTo(null);
            setRound((n) => n + 1);
          }}
        >
          Refer again
        </button>
      </div>
    );
  }
  return (
    <section className="invite-form" aria-labelledby={headingId}>
      <h3 id={headingId}>Invite a friend by email</h3>
      <InviteEmail
        key={round}
        onSent={(email) => {
          setSentTo(email);
          onSent?.();
        }}
      />
    </section>
  );
}

function InviteEmail({ onSent }: { onSent: (email: string) => void }) {
  const form = useAuthForm({ schema: inviteEmailSchema, initial: { email: '' } });
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={form.onSubmit(async ({ email }) => {
        await browserApi.rewards.inviteEmail({ email });
        onSent(email);
      })}
    >
      <EmailField field={form.field('email')} />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending}>Send invite</SubmitButton>
    </form>
  );
}

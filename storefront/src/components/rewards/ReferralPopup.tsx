import { COPY_LINK_MS } from '@yardly/shared/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../account/Modal';
import { SharePanel } from '../SharePanel';
import { InviteForm } from './InviteForm';
import '../../styles/rewards.css';
import { HOW_IT_WORKS, REWARD_WORD, referralLink } from './rewards-view';

/** Copies text: the clipboard api where the page may use it, else the selected field's old copy command. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * The referral popup (spec section 2): step 1 invites, with the person's link to copy or share
 * and the email invite; step 2 is 'How does this work?' in four steps. 'Link copied' shows for
 * COPY_LINK_MS after a copy.
 */
export function ReferralPopup({
  person,
  onClose,
  onInviteSent,
}: {
  person: { nameFirst: string; userRefnum: string };
  onClose: () => void;
  /** An invite went out from the popup (/myrewards reads its friends again). */
  onInviteSent?: () => void;
}) {
  const link = referralLink(window.location.origin, person);
  const [step, setStep] = useState<'invite' | 'how'>('invite');
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const linkId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const done = await copyText(link, field.current);
    setCopyFailed(!done);
    if (!done) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_LINK_MS);
  }

  if (step === 'how') {
    return (
      <Modal title="How does this work?" onRequestClose={onClose} className="referral-popup">
        <ol className="referral-popup__steps">
          {HOW_IT_WORKS.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
        <button type="button" className="button button--secondary" onClick={() => setStep('invite')}>
          Back to invite
        </button>
      </Modal>
    );
  }
  return (
    <Modal title="Invite friends" onRequestClose={onClose} className="referral-popup">
      <p className="auth-dialog__lead">
        Give {REWARD_WORD}, get {REWARD_WORD}: when a friend you invite posts their first listing, you each get{' '}
        {REWARD_WORD}.
      </p>
      <div className="form-field">
        <label htmlFor={linkId}>Your invitation link</label>
        <div className="referral-popup__link">
          <input id={linkId} ref={field} type="text" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button" onClick={() => void copy()}>
            Copy link
          </button>
        </div>
        <p className="referral-popup__copied" role="status">
          {copied ? 'Link copied' : copyFailed ? 'Select the link and copy it' : ''}
        </p>
      </div>
      <SharePanel url={link} title="Join me on Yardly" />
      <InviteForm onSent={onInviteSent} />
      <button type="button" className="link-button referral-popup__how" onClick={() => setStep('how')}>
        How does this work?
      </button>
    </Modal>
  );
}

import { verifyProfessionCall, verifyProfessionCodeCall } from '@yardly/shared/contract';
import { VERIFIED_TOOLTIP } from '@yardly/shared/rules';
import { useEffect } from 'react';
import { confirmWorkEmail, sendWorkEmailCode } from '../../stores/auth';
import { closeAuthDialogs, openAuthDialog } from '../../stores/auth-dialog';
import { forgetWorkEmailUpdate, keepWorkEmailUpdate } from '../../stores/pending-flows';
import { showToast } from '../../stores/toast';
import { AuthDialogFrame } from './AuthDialogFrame';
import { CodeField, FormAlert, SubmitButton, TextField } from './fields';
import { bodySchema, useAuthForm } from './use-auth-form';

/** Verify a work email (spec sections 1 and 4): its domain decides the organisation. */
export function WorkEmailDialog() {
  const form = useAuthForm({ schema: bodySchema(verifyProfessionCall), initial: { workEmail: '' } });

  const onSubmit = form.onSubmit(async ({ workEmail }) => {
    const organizationName = await sendWorkEmailCode(workEmail);
    openAuthDialog({ name: 'workEmailCode', workEmail, organizationName });
  });

  return (
    <AuthDialogFrame
      name="workEmail"
      title="Verify your work email"
      lead="Verified professionals of a verified company get the 'Verified by Yardly' badge."
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField label="Work email" type="email" autoComplete="email" field={form.field('workEmail')} />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Send code</SubmitButton>
      </form>
    </AuthDialogFrame>
  );
}

/** The code sent to the work email; then the organisation's status speaks (spec section 4). */
export function WorkEmailCodeDialog({ workEmail, organizationName }: { workEmail: string; organizationName: string }) {
  // The session's work-email update flag while the code is awaited: a page left meanwhile opens this again.
  useEffect(() => {
    keepWorkEmailUpdate({ workEmail, organizationName });
    return () => forgetWorkEmailUpdate();
  }, [workEmail, organizationName]);
  const form = useAuthForm({ schema: bodySchema(verifyProfessionCodeCall), initial: { workEmail, code: '' } });

  const onSubmit = form.onSubmit(async (body) => {
    const result = await confirmWorkEmail(body);
    closeAuthDialogs();
    if (result.companyReviewMessage) showToast(result.companyReviewMessage, 'warning');
    else showToast(`${VERIFIED_TOOLTIP}: you are a verified professional at ${result.organizationName}`, 'success');
  });

  return (
    <AuthDialogFrame
      name="workEmailCode"
      title="Enter the code"
      lead={`We sent a 6-digit code to ${workEmail} (${organizationName}).`}
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <CodeField field={form.field('code')} />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Verify</SubmitButton>
      </form>
    </AuthDialogFrame>
  );
}

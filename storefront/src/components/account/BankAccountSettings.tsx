import type { BankAccount } from '@yardly/shared/contract';
import { bankAccountFormSchema, bankAccountMessages, formatDateOfBirth } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { FormAlert, SubmitButton, TextField } from '../auth/fields';
import { useAuthForm } from '../auth/use-auth-form';
import { Spinner } from '../Spinner';
import { PayoutBalance } from './PayoutBalance';
import { PayoutVerification } from './PayoutVerification';

/** Settings, bank account: where payouts go; the number is only ever shown masked. */
export function BankAccountSettings() {
  const [account, setAccount] = useState<BankAccount | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    browserApi.account
      .bankAccount()
      .then(setAccount)
      .catch((cause: unknown) => {
        logFailure('BankAccountSettings: a call failed', cause);
        setAccount(null);
        showToast('There was an error, please try again', 'error');
      });
  }, []);

  if (account === undefined) return <Spinner label="Loading bank account" />;
  return (
    <>
      <PayoutBalance hasBankAccount={account !== null} />
      <section className="settings-section" aria-labelledby="bank-title">
        <h2 id="bank-title">Bank account</h2>
        <p>Payouts for your sales go to this account in 5-10 days.</p>
        {account && !editing ? (
          <>
            <dl className="settings-facts">
              <dt>Account holder</dt>
              <dd>{account.accountHolder}</dd>
              <dt>Routing number</dt>
              <dd>{account.routingNumber}</dd>
              <dt>Account number</dt>
              <dd>{account.accountNumberMasked}</dd>
            </dl>
            <div className="settings-section__actions">
              <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                Change bank account
              </button>
            </div>
            <PayoutVerification bankAccountKey={`${account.routingNumber}:${account.accountNumberMasked}`} />
          </>
        ) : (
          <BankAccountForm
            onSaved={(saved) => {
              setAccount(saved);
              setEditing(false);
            }}
          />
        )}
      </section>
    </>
  );
}

export function BankAccountForm({ onSaved }: { onSaved: (account: BankAccount) => void }) {
  const form = useAuthForm({
    schema: bankAccountFormSchema,
    initial: { accountHolder: '', routingNumber: '', accountNumber: '', dob: '', idNumber: '' },
  });
  const digits = (v: string) => v.replace(/\D/g, '');
  return (
    <form
      className="auth-form settings-form"
      noValidate
      onSubmit={form.onSubmit(async (body) => {
        const saved = await browserApi.account.saveBankAccount(body);
        showToast(bankAccountMessages.saved, 'success');
        onSaved(saved);
      })}
    >
      <TextField label="Account holder" autoComplete="name" field={form.field('accountHolder')} />
      <TextField
        label="Routing number"
        inputMode="numeric"
        maxLength={9}
        filter={digits}
        field={form.field('routingNumber')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        maxLength={17}
        filter={digits}
        field={form.field('accountNumber')}
      />
      {/* Who the seller is, as the payment provider verifies them (spec section 5's rules). */}
      <TextField
        label="Date of birth"
        hint="MM/DD/YYYY"
        inputMode="numeric"
        autoComplete="bday"
        maxLength={10}
        filter={formatDateOfBirth}
        field={form.field('dob')}
      />
      <TextField
        label="Last 4 digits of your SSN"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        filter={digits}
        field={form.field('idNumber')}
      />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending}>Save bank account</SubmitButton>
    </form>
  );
}

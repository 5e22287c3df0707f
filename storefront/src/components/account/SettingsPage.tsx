import type { FullProfile } from '@yardly/shared/contract';
import { genericMessages, type SettingsTab } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { requireCompleteAccount } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { AccountDetails } from './AccountDetails';
import { AddressBook } from './AddressBook';
import { BankAccountSettings } from './BankAccountSettings';
import { CommunicationSettings } from './CommunicationSettings';
import { PaymentCards } from './PaymentCards';

const TAB_LABELS: Record<SettingsTab, string> = {
  account: 'Account',
  'bank-account': 'Bank account',
  communication: 'Communication',
};

/** Account Settings: /settings/{tab}; signed-in, complete accounts only (spec sections 2 and 4). */
export function SettingsPage({ tab }: { tab: SettingsTab }) {
  const [allowed, setAllowed] = useState(false);
  const [profile, setProfile] = useState<FullProfile | null>(null);
  const [error, setError] = useState(false);

  const load = useCallback(async () => {
    try {
      setProfile(await browserApi.profile.full());
    } catch (cause) {
      logFailure('SettingsPage: a call failed', cause);
      setError(true);
    }
  }, []);

  useEffect(() => {
    void requireCompleteAccount().then((session) => {
      if (!session) return;
      setAllowed(true);
      void load();
    });
  }, [load]);

  if (!allowed) return <Spinner label="Loading settings" />;
  return (
    <div className="container settings">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Account Settings' }]} />
      <h1>Account Settings</h1>
      <nav className="tabs" aria-label="Settings">
        {(Object.keys(TAB_LABELS) as SettingsTab[]).map((name) => (
          <a key={name} href={`/settings/${name}`} aria-current={name === tab ? 'page' : undefined}>
            {TAB_LABELS[name]}
          </a>
        ))}
      </nav>
      {tab === 'account' &&
        (error ? (
          <p className="state-message state-message--error">{genericMessages.fetchDataError}</p>
        ) : profile ? (
          <>
            <AccountDetails key={JSON.stringify(profile.account)} profile={profile} onChanged={() => void load()} />
            <AddressBook />
            <PaymentCards />
          </>
        ) : (
          <Spinner label="Loading your account" />
        ))}
      {tab === 'bank-account' && <BankAccountSettings />}
      {tab === 'communication' && <CommunicationSettings />}
    </div>
  );
}

import type { CommunicationPreferences } from '@yardly/shared/contract';
import { communicationMessages, MAIL_LIST_LABELS, MAIL_LISTS, type MailList } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { Spinner } from '../Spinner';

/** The switch as the query says it. */
const enabled = (on: boolean) => ({ enabled: on ? ('true' as const) : ('false' as const) });

const SETTERS: Record<MailList, (enabled: boolean) => Promise<CommunicationPreferences>> = {
  productRecommendations: (on) => browserApi.account.setProductRecommendations(enabled(on)),
  offersAndMessagesUpdates: (on) => browserApi.account.setOffersAndMessagesUpdates(enabled(on)),
  rentalMessagesUpdates: (on) => browserApi.account.setRentalMessagesUpdates(enabled(on)),
  savedSearchAlerts: (on) => browserApi.account.setSavedSearchAlerts(enabled(on)),
};

/** Settings, communication: each optional mail list on or off, saved as it is switched. */
export function CommunicationSettings() {
  const [prefs, setPrefs] = useState<CommunicationPreferences | null>(null);
  const [pending, setPending] = useState<MailList | null>(null);

  useEffect(() => {
    browserApi.account
      .communicationPreferences()
      .then(setPrefs)
      .catch((cause: unknown) => {
        logFailure('CommunicationSettings: a call failed', cause);
        showToast(communicationMessages.saveError, 'error');
      });
  }, []);

  async function toggle(list: MailList, enabled: boolean) {
    const before = prefs;
    // Shown switched at once; put back if the api refuses.
    setPrefs((current) => current && { ...current, [list]: enabled });
    setPending(list);
    try {
      setPrefs(await SETTERS[list](enabled));
      showToast(communicationMessages.saved, 'success');
    } catch (cause) {
      logFailure('CommunicationSettings: a call failed', cause);
      setPrefs(before);
      showToast(communicationMessages.saveError, 'error');
    } finally {
      setPending(null);
    }
  }

  if (!prefs) return <Spinner label="Loading communication preferences" />;
  return (
    <section className="settings-section" aria-labelledby="communication-title">
      <h2 id="communication-title">Communication</h2>
      <p>Choose the emails you get. Emails about your account, such as sign-in codes, always arrive.</p>
      <ul className="toggle-list">
        {MAIL_LISTS.map((list) => (
          <li key={list}>
            <label className="checkbox">
              <input
                type="checkbox"
                name={list}
                checked={prefs[list]}
                disabled={pending !== null}
                onChange={(event) => void toggle(list, event.target.checked)}
              />
              {MAIL_LIST_LABELS[list]}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

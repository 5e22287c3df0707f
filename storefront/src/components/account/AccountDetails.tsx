import type { FullProfile } from '@yardly/shared/contract';
import { updateNameBodySchema, updateProfileBodySchema } from '@yardly/shared/contract';
import {
  formatPhone,
  isZip,
  keepNameCharacters,
  keepPhoneCharacters,
  locationMessages,
  maskEmail,
  organisationStatusMessage,
  PHONE_INPUT_MAX_LENGTH,
  settingsMessages,
} from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { openAuthDialog } from '../../stores/auth-dialog';
import { showToast } from '../../stores/toast';
import { FormAlert, FormNotice, TextField } from '../auth/fields';
import { fieldErrors, useAuthForm } from '../auth/use-auth-form';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { SetPasswordForm } from './SetPasswordForm';
import { useUnloadWarning } from './use-leave-guard';

const NAME_FIELDS = ['nameFirst', 'nameLast'] as const;
const FIELDS = ['zip', 'alternateEmail', 'phoneNumber'] as const;

/** Settings, account tab: the name (POST /svc/account/updatename), its first and last name rules of spec section 5. */
function NameForm({ profile, onChanged }: { profile: FullProfile; onChanged: () => void }) {
  const initial = { nameFirst: profile.account.nameFirst, nameLast: profile.account.nameLast };
  const form = useAuthForm({ schema: updateNameBodySchema, initial });
  const dirty = NAME_FIELDS.some((name) => form.values[name] !== initial[name]);
  useUnloadWarning(dirty);
  const hasErrors = Object.keys(fieldErrors(updateNameBodySchema, form.values, NAME_FIELDS)).length > 0;
  return (
    <form
      className="auth-form settings-form"
      aria-label="Name"
      noValidate
      onSubmit={form.onSubmit(async (body) => {
        await browserApi.account.updateName(body);
        showToast(settingsMessages.accountSaved, 'success');
        onChanged();
      })}
    >
      <div className="form-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          filter={keepNameCharacters}
          field={form.field('nameFirst')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          filter={keepNameCharacters}
          field={form.field('nameLast')}
        />
      </div>
      <FormAlert message={form.formError} />
      <button type="submit" className="button" disabled={hasErrors || form.pending || !dirty}>
        Save name
      </button>
    </form>
  );
}

/** Settings, account tab: the name, location by zip, alternate email, phone; email and password changes. */
export function AccountDetails({ profile, onChanged }: { profile: FullProfile; onChanged: () => void }) {
  const initial = {
    zip: profile.account.zip ?? '',
    alternateEmail: profile.account.alternateEmail ?? '',
    // Shown as people read it; the api keeps the 10 digits.
    phoneNumber: formatPhone(profile.account.phoneNumber ?? ''),
  };
  const form = useAuthForm({ schema: updateProfileBodySchema, initial });
  const [changingEmail, setChangingEmail] = useState(false);
  const [place, setPlace] = useState<string | null>(profile.user.location);
  const dirty = FIELDS.some((name) => form.values[name] !== initial[name]);
  useUnloadWarning(dirty);
  const hasErrors = Object.keys(fieldErrors(updateProfileBodySchema, form.values, FIELDS)).length > 0;

  // The place a complete zip names, shown beside it (spec section 5: location lookup).
  const zip = form.values.zip;
  useEffect(() => {
    if (!isZip(zip)) {
      setPlace(null);
      return;
    }
    let live = true;
    browserApi.location
      .byZip({ zip })
      .then(({ address }) => live && setPlace(`${address.city}, ${address.stateCode}`))
      .catch(() => live && setPlace(locationMessages.fetchError));
    return () => {
      live = false;
    };
  }, [zip]);

  return (
    <>
      <section className="settings-section" aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        <NameForm profile={profile} onChanged={onChanged} />
        <form
          className="auth-form settings-form"
          aria-label="Contact and location"
          noValidate
          onSubmit={form.onSubmit(async (body) => {
            await browserApi.account.updateProfile(body);
            showToast(settingsMessages.accountSaved, 'success');
            onChanged();
          })}
        >
          <TextField
            label="Zip code"
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            filter={(v) => v.replace(/\D/g, '')}
            hint={place ?? undefined}
            optional
            field={form.field('zip')}
          />
          <TextField
            label="Alternate email"
            type="email"
            autoComplete="email"
            optional
            field={form.field('alternateEmail')}
          />
          <TextField
            label="Phone number"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            filter={keepPhoneCharacters}
            optional
            field={form.field('phoneNumber')}
          />
          <FormAlert message={form.formError} />
          <button type="submit" className="button" disabled={hasErrors || form.pending || !dirty}>
            Save changes
          </button>
        </form>
      </section>

      <section className="settings-section" aria-labelledby="signin-title">
        <h2 id="signin-title">Sign-in</h2>
        <dl className="settings-facts">
          <dt>Email</dt>
          <dd data-testid="masked-email">{maskEmail(profile.account.email)}</dd>
          <dt>Work email</dt>
          <dd>{workEmailFact(profile)}</dd>
        </dl>
        {/* A company in review or rejected says so here: the REJECTED message sends people to update it here. */}
        <FormNotice>{profile.organization && organisationStatusMessage(profile.organization.status)}</FormNotice>
        <div className="settings-section__actions">
          <button type="button" className="button button--secondary" onClick={() => setChangingEmail(true)}>
            Change email
          </button>
          <button type="button" className="button button--secondary" onClick={() => openAuthDialog('workEmail')}>
            {profile.organization ? 'Update work email' : 'Verify work email'}
          </button>
          {profile.account.hasPassword ? (
            <button type="button" className="button button--secondary" onClick={() => openAuthDialog('changePassword')}>
              Change password
            </button>
          ) : (
            <SetPasswordForm onDone={onChanged} />
          )}
        </div>
      </section>
      {changingEmail && (
        <ChangeEmailDialog
          onClose={() => setChangingEmail(false)}
          onDone={() => {
            setChangingEmail(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}

/** What the Sign-in section says of the work email: its organisation, verified or not. */
function workEmailFact(profile: FullProfile): string {
  if (!profile.organization) return 'Not verified';
  return profile.user.isProfessionVerified && profile.organization.status === 'VERIFIED'
    ? `Verified at ${profile.organization.name}`
    : profile.organization.name;
}

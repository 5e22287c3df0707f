import type { SavedAddress } from '@yardly/shared/contract';
import { saveAddressBodySchema } from '@yardly/shared/contract';
import {
  ADDRESS_FORM_CLOSE_MS,
  ADDRESS_FORM_TITLES,
  addressPrompts,
  addressToasts,
  findUsState,
  formatPhone,
  keepNameCharacters,
  keepPhoneCharacters,
  PHONE_INPUT_MAX_LENGTH,
  US_STATES,
} from '@yardly/shared/rules';
import { useEffect, useId, useState } from 'react';
import { browserApi } from '../../lib/api';
import { showToast } from '../../stores/toast';
import { FormAlert, TextField } from '../auth/fields';
import { fieldErrors, useAuthForm } from '../auth/use-auth-form';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';
import { useUnloadWarning } from './use-leave-guard';

const FIELDS = ['firstName', 'lastName', 'line1', 'line2', 'city', 'state', 'zip', 'phoneNo'] as const;
type Field = (typeof FIELDS)[number];

function initialValues(address?: SavedAddress): Record<Field, string> {
  const state = address ? (findUsState(address.state)?.name ?? address.state) : '';
  return {
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state,
    zip: address?.zip ?? '',
    phoneNo: formatPhone(address?.phoneNo ?? ''),
  };
}

interface AddressFormProps {
  /** The address to edit; absent to add one. */
  address?: SavedAddress;
  /** The first address is primary whatever the box says. */
  isFirst: boolean;
  onSaved: (saved: SavedAddress) => void;
  onClose: () => void;
  /** Where the address goes: the account's address book by default (the donation page saves a pickup address). */
  save?: (body: AddressBody) => Promise<SavedAddress>;
  /** In the page rather than a dialog (the donation page's pickup address). */
  inline?: boolean;
  /**
   * Whether it has a Cancel (asking first when changed): a dialog always; in the page only where
   * there is something to go back to (the donation page's first pickup address has not).
   */
  cancellable?: boolean;
  /** Told when the form becomes changed-and-unsaved or stops being so: a page offering other addresses asks before leaving it for one. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The address form's payload, as the account's call and the donation page's take it. */
type AddressBody = Parameters<typeof browserApi.account.saveAddress>[0];

const saveToAddressBook = (body: AddressBody) => browserApi.account.saveAddress(body);

/** 'Add New Address' or 'Edit Address': the rules of spec section 5 from the shared schema. */
export function AddressForm({
  address,
  isFirst,
  onSaved,
  onClose,
  save = saveToAddressBook,
  inline = false,
  cancellable = !inline,
  onDirtyChange,
}: AddressFormProps) {
  const [primary, setPrimary] = useState(address?.primary ?? isFirst);
  const [saved, setSaved] = useState(false);
  const [askLeave, setAskLeave] = useState(false);
  const stateListId = useId();
  const initial = initialValues(address);
  const prepare = (values: Record<Field, string>) => ({
    ...values,
    id: address?.id,
    line2: values.line2.trim() ? values.line2 : undefined,
    state: findUsState(values.state)?.abbreviation ?? '',
    primary,
  });
  const form = useAuthForm({ schema: saveAddressBodySchema, initial, prepare });
  const hasErrors = Object.keys(fieldErrors(saveAddressBodySchema, prepare(form.values), FIELDS)).length > 0;
  const dirty =
    !saved && (FIELDS.some((name) => form.values[name] !== initial[name]) || primary !== (address?.primary ?? isFirst));
  useUnloadWarning(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(onClose, ADDRESS_FORM_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [saved, onClose]);

  const submit = form.onSubmit(async (data) => {
    const savedAddress = await save(data);
    showToast(address ? addressToasts.updated : addressToasts.added, 'success');
    setSaved(true);
    onSaved(savedAddress);
  });

  function requestClose() {
    if (dirty) setAskLeave(true);
    else onClose();
  }

  const state = form.field('state');
  const onStateBlur = () => {
    // Text that names no state is cleared (spec section 5).
    const match = findUsState(state.value);
    form.setValue('state', match ? match.name : '');
    state.onBlur();
  };
  const text = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} field={form.field(name)} {...extra} />
  );

  const formElement = (
    <form className="auth-form address-form" noValidate onSubmit={submit}>
      <fieldset disabled={saved || form.pending}>
        <div className="form-row">
          {text('firstName', 'First name', { autoComplete: 'given-name', filter: keepNameCharacters, maxLength: 40 })}
          {text('lastName', 'Last name', { autoComplete: 'family-name', filter: keepNameCharacters, maxLength: 40 })}
        </div>
        {text('line1', 'Address line 1', { autoComplete: 'address-line1' })}
        {text('line2', 'Address line 2', { autoComplete: 'address-line2', optional: true })}
        <div className="form-row">
          {text('city', 'City', { autoComplete: 'address-level2' })}
          <div className="form-field">
            <label htmlFor={`${stateListId}-input`}>State</label>
            <input
              id={`${stateListId}-input`}
              name="state"
              list={stateListId}
              autoComplete="off"
              value={state.value}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? `${stateListId}-error` : undefined}
              onChange={(event) => state.onChange(event.target.value)}
              onBlur={onStateBlur}
            />
            <datalist id={stateListId}>
              {US_STATES.map((s) => (
                <option key={s.abbreviation} value={s.name} />
              ))}
            </datalist>
            {state.error && (
              <p id={`${stateListId}-error`} className="field-error" role="alert">
                {state.error}
              </p>
            )}
          </div>
        </div>
        <div className="form-row">
          {text('zip', 'Zip code', {
            autoComplete: 'postal-code',
            inputMode: 'numeric',
            maxLength: 5,
            filter: (v) => v.replace(/\D/g, ''),
          })}
          {text('phoneNo', 'Phone number', {
            autoComplete: 'tel-national',
            inputMode: 'tel',
            maxLength: PHONE_INPUT_MAX_LENGTH,
            // A leading 0 is blocked (spec section 5).
            filter: keepPhoneCharacters,
          })}
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            name="primary"
            checked={primary}
            // The primary address stays primary until another one is made primary.
            disabled={address?.primary === true || (isFirst && !address)}
            onChange={(event) => setPrimary(event.target.checked)}
          />
          Make this my primary address
        </label>
        <FormAlert message={form.formError} />
        <div className="dialog-actions">
          {cancellable && (
            <button type="button" className="button button--secondary" onClick={requestClose}>
              Cancel
            </button>
          )}
          <button type="submit" className="button" disabled={hasErrors || form.pending || saved}>
            {address ? 'Update address' : 'Save address'}
          </button>
        </div>
      </fieldset>
    </form>
  );
  const leavePrompt = askLeave && (
    <ConfirmDialog
      message={address ? addressPrompts.leaveNotUpdated : addressPrompts.leaveUnsaved}
      onYes={onClose}
      onNo={() => setAskLeave(false)}
    />
  );
  if (inline) {
    return (
      <>
        {formElement}
        {leavePrompt}
      </>
    );
  }

  return (
    <Modal title={address ? ADDRESS_FORM_TITLES.edit : ADDRESS_FORM_TITLES.add} onRequestClose={requestClose}>
      {formElement}
      {leavePrompt}
    </Modal>
  );
}

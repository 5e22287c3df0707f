import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { isRefnum, type RentalProperties } from '@yardly/shared/contract';
import {
  DEFAULT_RENTAL_PROPERTIES,
  fairHousingWarning,
  MAX_RENTAL_DESCRIPTION_LENGTH,
  MAX_RENTAL_PHOTOS,
  MAX_RENTAL_TITLE_LENGTH,
  US_STATES,
} from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { $location } from '../../stores/location';
import { showToast } from '../../stores/toast';
import { useDraftLeaveGuard } from '../account/use-leave-guard';
import { FormNotice } from '../auth/fields';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { Check, Field } from '../selling/ListingFormFields';
import { type PhotoCalls, PhotoSlots, type Picture, usePhotoUploadWait } from '../selling/PhotoSlots';
import {
  emptyRentalValues,
  fairHousingIssues,
  formFieldOf,
  highlightSegments,
  type RentalFieldErrors,
  type RentalFormValues,
  toRentalRequest,
  validateRental,
  valuesFromRental,
} from './rental-form-state';
import { RENTALS_HOME, rentalPath, rentalsMyProfilePath } from './rental-paths';
import '../../styles/selling.css';

const RENTAL_PHOTO_CALLS: PhotoCalls = {
  upload: (file, query) => browserApi.rentals.uploadPicture(file, query),
  remove: (query) => browserApi.rentals.deletePicture(query),
};

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      properties: RentalProperties;
      draftRefnum: string;
      editing: string | null;
      values: RentalFormValues;
      pictures: Picture[];
    };

async function loadForm(userRefnum: string): Promise<Load> {
  const asked = new URLSearchParams(window.location.search).get('refnum');
  const editing = asked && isRefnum(asked) ? asked : null;
  const [properties, draft, rental] = await Promise.all([
    browserApi.rentals.properties().catch((cause: unknown) => {
      logFailure('Could not load the rental properties; the shipped lists stand in', cause);
      return DEFAULT_RENTAL_PROPERTIES as RentalProperties;
    }),
    browserApi.rentals.draft(editing ? { refnum: editing } : {}),
    editing ? browserApi.rentals.detail({ refnum: editing }) : Promise.resolve(null),
  ]);
  if (rental && rental.landLordRefnum !== userRefnum) {
    return { status: 'error', message: 'You can only change your own listings' };
  }
  return {
    status: 'ready',
    properties,
    draftRefnum: draft.inputSourceRandomRefnum,
    editing,
    values: rental ? valuesFromRental(rental) : emptyRentalValues($location.get()?.zip ?? ''),
    pictures: draft.pictures,
  };
}

/** /rentalslisting: list a place (save a draft or publish), or edit one (?refnum=). */
export function RentalFormPage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    void requireSignedIn(RENTALS_HOME).then(async (session) => {
      if (!session) return;
      try {
        setLoad(await loadForm(session.userRefnum));
      } catch (cause) {
        logFailure('Could not open the rental form', cause);
        setLoad({ status: 'error', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
      }
    });
  }, []);

  if (load.status === 'loading') return <Spinner label="Loading the form" />;
  if (load.status === 'error') {
    return (
      <section className="selling-page">
        <h1>List a place</h1>
        <p className="form-alert" role="alert">
          {load.message}
        </p>
      </section>
    );
  }
  return <RentalEditor {...load} />;
}

function RentalEditor(props: Extract<Load, { status: 'ready' }>) {
  const [values, setValues] = useState<RentalFormValues>(props.values);
  const [pictures, setPictures] = useState<Picture[]>(props.pictures);
  const [errors, setErrors] = useState<RentalFieldErrors>({});
  const [sending, setSending] = useState<'draft' | 'publish' | null>(null);
  // A photo still on its way would be left out of what is saved: saving waits for it.
  const photoWait = usePhotoUploadWait();
  const busy = sending !== null || photoWait !== null;
  const [warned, setWarned] = useState(false);
  // The unsaved-changes guard every form has (spec section 4): leaving a changed form asks first.
  const leaveWithoutAsking = useDraftLeaveGuard(values, props.values, pictures.length, props.pictures.length);
  const issues = fairHousingIssues(values);
  const change = (patch: Partial<RentalFormValues>) => {
    setValues((now) => ({ ...now, ...patch }));
    if (patch.title !== undefined || patch.description !== undefined) setWarned(false);
  };
  const { properties } = props;

  async function submit(draft: boolean) {
    const context = { draftRefnum: props.draftRefnum, draft, refnum: props.editing };
    const found = validateRental(values, context);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast(Object.values(found)[0] ?? GENERIC_ERROR_MESSAGE, 'error');
      return;
    }
    // Before publishing: the fair-housing warning, once, with the phrases highlighted.
    if (!draft && issues.length > 0 && !warned) {
      setWarned(true);
      document.getElementById('fair-housing')?.focus();
      return;
    }
    setSending(draft ? 'draft' : 'publish');
    try {
      const saved = await browserApi.rentals.create(toRentalRequest(values, context));
      // Saved: leaving now must not ask "Leave site?" (the state below renders after the navigation starts).
      leaveWithoutAsking();
      if (saved.state === 'draft') {
        showToast('Draft saved', 'success');
        window.location.assign(rentalsMyProfilePath('landlord'));
      } else {
        showToast('Your place is listed', 'success');
        window.location.assign(rentalPath(saved.refnum));
      }
    } catch (cause) {
      logFailure('Could not save the rental', cause);
      if (cause instanceof ApiError && cause.errors.length > 0) {
        setErrors(Object.fromEntries(cause.errors.map((e) => [formFieldOf(e.field), e.message])));
      }
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
      setSending(null);
    }
  }

  const select = (
    kind: 'propertyType' | 'parking' | 'laundry' | 'leaseMonths',
    label: string,
    field: keyof RentalFormValues & keyof RentalFieldErrors,
  ) => (
    <Field label={label} error={errors[field]}>
      {(id, describedBy) => (
        <select
          id={id}
          value={String(values[field])}
          onChange={(event) => change({ [field]: event.target.value })}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">Choose…</option>
          {properties[kind].map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const text = (
    label: string,
    field: keyof RentalFormValues & keyof RentalFieldErrors,
    input: {
      inputMode?: 'numeric' | 'decimal';
      type?: string;
      maxLength?: number;
      autoComplete?: string;
      hint?: string;
    },
  ) => (
    <Field label={label} error={errors[field]} hint={input.hint}>
      {(id, describedBy) => (
        <input
          id={id}
          type={input.type ?? 'text'}
          inputMode={input.inputMode}
          maxLength={input.maxLength}
          autoComplete={input.autoComplete}
          value={String(values[field])}
          onChange={(event) => change({ [field]: event.target.value })}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );

  return (
    <section className="selling-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: RENTALS_HOME }, { label: 'List a place' }]} />
      <h1>{props.editing ? 'Edit your place' : 'List a place'}</h1>
      <form
        className="listing-form"
        aria-label="Rental listing"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        {text('Title', 'title', { maxLength: MAX_RENTAL_TITLE_LENGTH })}
        <Field label="Description" error={errors.description}>
          {(id, describedBy) => (
            <textarea
              id={id}
              rows={6}
              maxLength={MAX_RENTAL_DESCRIPTION_LENGTH}
              value={values.description}
              onChange={(event) => change({ description: event.target.value })}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        {select('propertyType', 'Property type', 'propertyType')}
        <div className="rental-form__row">
          {text('Bedrooms', 'bedrooms', { inputMode: 'numeric', hint: '0 for a studio' })}
          {text('Bathrooms', 'bathrooms', { inputMode: 'decimal', hint: 'In half steps: 1, 1.5, 2' })}
          {text('Square feet (optional)', 'squareFeet', { inputMode: 'numeric' })}
        </div>
        <div className="rental-form__row">
          {text('Monthly rent ($)', 'rent', { inputMode: 'decimal' })}
          {text('Deposit ($, optional)', 'deposit', { inputMode: 'decimal' })}
        </div>
        <div className="rental-form__row">
          {text('Available from', 'availableFrom', { type: 'date' })}
          {select('leaseMonths', 'Lease length', 'leaseMonths')}
        </div>
        <fieldset className="form-group">
          <legend>Pets allowed</legend>
          <Check label="Cats" checked={values.cats} onChange={(cats) => change({ cats })} />
          <Check label="Dogs" checked={values.dogs} onChange={(dogs) => change({ dogs })} />
        </fieldset>
        <div className="rental-form__row">
          {select('parking', 'Parking', 'parking')}
          {select('laundry', 'Laundry', 'laundry')}
        </div>
        <fieldset className="form-group">
          <legend>Included</legend>
          <Check label="Furnished" checked={values.furnished} onChange={(furnished) => change({ furnished })} />
          <Check
            label="Utilities included"
            checked={values.utilitiesIncluded}
            onChange={(utilitiesIncluded) => change({ utilitiesIncluded })}
          />
        </fieldset>
        <fieldset className="form-group">
          <legend>Address</legend>
          {text('Street address', 'line1', { autoComplete: 'address-line1', maxLength: 200 })}
          <Check
            label="Show street address publicly"
            checked={values.showStreet}
            onChange={(showStreet) => change({ showStreet })}
          />
          <p className="form-field__hint">
            {values.showStreet
              ? 'Tenants see the street address.'
              : 'Tenants see only the city, state and zip code until you tell them more.'}
          </p>
          <div className="rental-form__row">
            {text('City', 'city', { autoComplete: 'address-level2', maxLength: 100 })}
            <Field label="State" error={errors.state}>
              {(id, describedBy) => (
                <select
                  id={id}
                  value={values.state}
                  autoComplete="address-level1"
                  onChange={(event) => change({ state: event.target.value })}
                  aria-invalid={errors.state ? true : undefined}
                  aria-describedby={describedBy}
                >
                  <option value="">Choose…</option>
                  {US_STATES.map((s) => (
                    <option key={s.abbreviation} value={s.abbreviation}>
                      {s.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {text('Zip code', 'zip', { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 })}
          </div>
        </fieldset>
        <PhotoSlots
          draftRefnum={props.draftRefnum}
          pictures={pictures}
          onPictures={setPictures}
          max={MAX_RENTAL_PHOTOS}
          calls={RENTAL_PHOTO_CALLS}
          subject="Place"
        />
        {warned && issues.length > 0 && (
          <div id="fair-housing" className="form-alert fair-housing" role="alert" tabIndex={-1}>
            <p>{fairHousingWarning}</p>
            {issues.map((issue) => (
              <div key={issue.field} className="fair-housing__text">
                <p className="fair-housing__field">{issue.field === 'title' ? 'Title' : 'Description'}</p>
                <p>
                  {highlightSegments(values[issue.field], issue.flags).map((segment, index) =>
                    segment.flagged ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
                      <mark key={index}>{segment.text}</mark>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
                      <span key={index}>{segment.text}</span>
                    ),
                  )}
                </p>
              </div>
            ))}
            <p>Publish anyway only if the words are not about who may rent.</p>
          </div>
        )}
        <div className="listing-form__actions">
          <FormNotice>{photoWait}</FormNotice>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void submit(true)}>
            {sending === 'draft' ? 'Saving…' : 'Save draft'}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {sending === 'publish' ? 'Publishing…' : warned && issues.length > 0 ? 'Publish anyway' : 'Publish'}
          </button>
        </div>
      </form>
    </section>
  );
}

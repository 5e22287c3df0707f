import type { CategoryNode, CategoryProperty } from '@yardly/shared/contract';
import {
  CONDITION_LABELS,
  type ConditionCode,
  commissionCents,
  commissionRate,
  DONATION_CATEGORIES,
  formatCents,
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WEIGHT_LBS,
  RESTRICTED_ELECTRONICS_SUBCATEGORIES,
  sellerReceivesCents,
} from '@yardly/shared/rules';
import { type ReactNode, useId } from 'react';
import { DONATION_ENABLED } from '../../lib/navigation';
import { categoryFlags, type FieldErrors, type FormValues, priceCents, ruleViolations } from './listing-form-state';
import { PhotoSlots, type Picture } from './PhotoSlots';
import { PriceGuidance } from './PriceGuidance';

interface FieldsProps {
  values: FormValues;
  onChange: (patch: Partial<FormValues>) => void;
  errors: FieldErrors;
  tree: CategoryNode[];
  properties: CategoryProperty[];
  draftRefnum: string;
  pictures: Picture[];
  onPictures: (pictures: Picture[]) => void;
  sellerHasVerifiedWorkEmail: boolean;
  /** In an organisation's marketplace that waives it: no commission between members. */
  commissionWaived?: boolean;
}

export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint && !error && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** The listing form's inputs, the commission and payout, and the rules the listing must keep. */
export function ListingFormFields(props: FieldsProps) {
  const { values, onChange, errors, tree } = props;
  const top = tree.find((c) => c.categoryRefnum === values.topCategory);
  const cents = priceCents(values);
  const { donationAllowed } = categoryFlags(tree, values.topCategory, values.categoryRefnum);
  const broken = ruleViolations(values, tree, props.sellerHasVerifiedWorkEmail);
  // The rules as the console's flags set them, by today's titles (the shipped ones until the tree loads).
  const flagged = (flag: 'donationAllowed' | 'restrictedElectronics', shipped: readonly string[]) =>
    tree.length
      ? tree
          .flatMap((c) => [c, ...c.subCategories])
          .filter((c) => c[flag])
          .map((c) => c.categoryTitle)
      : shipped;
  const restrictedTitles = flagged('restrictedElectronics', RESTRICTED_ELECTRONICS_SUBCATEGORIES);
  const donationTitles = flagged('donationAllowed', DONATION_CATEGORIES);

  return (
    <>
      <PhotoSlots draftRefnum={props.draftRefnum} pictures={props.pictures} onPictures={props.onPictures} />

      <Field label="Title" error={errors.listingTitle}>
        {(id, describedBy) => (
          <input
            id={id}
            value={values.listingTitle}
            maxLength={MAX_TITLE_LENGTH}
            aria-invalid={errors.listingTitle ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ listingTitle: event.target.value })}
          />
        )}
      </Field>
      <Field label="Description" error={errors.listingDescription}>
        {(id, describedBy) => (
          <textarea
            id={id}
            rows={5}
            value={values.listingDescription}
            maxLength={MAX_DESCRIPTION_LENGTH}
            aria-invalid={errors.listingDescription ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ listingDescription: event.target.value })}
          />
        )}
      </Field>

      <div className="form-row">
        <Field
          label="Category"
          error={errors.categoryRefnum && !values.topCategory ? errors.categoryRefnum : undefined}
        >
          {(id, describedBy) => (
            <select
              id={id}
              value={values.topCategory}
              aria-describedby={describedBy}
              onChange={(event) =>
                onChange({ topCategory: event.target.value, categoryRefnum: '', properties: {}, donation: false })
              }
            >
              <option value="">Choose a category</option>
              {tree.map((c) => (
                <option key={c.categoryRefnum} value={c.categoryRefnum}>
                  {c.categoryTitle}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Subcategory" error={values.topCategory ? errors.categoryRefnum : undefined}>
          {(id, describedBy) => (
            <select
              id={id}
              value={values.categoryRefnum}
              disabled={!top}
              aria-invalid={errors.categoryRefnum ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ categoryRefnum: event.target.value, properties: {} })}
            >
              <option value="">Choose a subcategory</option>
              {top?.subCategories.map((c) => (
                <option key={c.categoryRefnum} value={c.categoryRefnum}>
                  {c.categoryTitle}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <div className="form-row">
        <Field label="Condition" error={errors.condition}>
          {(id, describedBy) => (
            <select
              id={id}
              value={values.condition}
              aria-invalid={errors.condition ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ condition: event.target.value as ConditionCode | '' })}
            >
              <option value="">Choose the condition</option>
              {Object.entries(CONDITION_LABELS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {props.properties.map((property) => (
          <Field key={property.key} label={property.label} error={errors[`properties.${property.key}`]}>
            {(id, describedBy) => (
              <select
                id={id}
                value={values.properties[property.key] ?? ''}
                aria-describedby={describedBy}
                onChange={(event) =>
                  onChange({ properties: { ...values.properties, [property.key]: event.target.value } })
                }
              >
                <option value="">Not stated</option>
                {property.values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
      </div>

      <div className="form-row">
        <Field label="Price ($)" error={errors.listingPrice} hint="0 for a free item">
          {(id, describedBy) => (
            <input
              id={id}
              inputMode="decimal"
              value={values.price}
              disabled={values.donation}
              aria-invalid={errors.listingPrice ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ price: event.target.value })}
            />
          )}
        </Field>
        <Field label="Weight (lbs)" error={errors.weightLbs} hint={`At most ${MAX_WEIGHT_LBS} lbs`}>
          {(id, describedBy) => (
            <input
              id={id}
              inputMode="decimal"
              value={values.weight}
              aria-invalid={errors.weightLbs ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ weight: event.target.value })}
            />
          )}
        </Field>
        <Field label="Zip code" error={errors.zip}>
          {(id, describedBy) => (
            <input
              id={id}
              inputMode="numeric"
              maxLength={5}
              value={values.zip}
              aria-invalid={errors.zip ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ zip: event.target.value.replace(/\D/g, '') })}
            />
          )}
        </Field>
      </div>
      <PriceGuidance categoryRefnum={values.categoryRefnum} condition={values.condition} zip={values.zip} />

      {cents !== null && (
        <section className="payout" aria-label="Commission and payout">
          {props.commissionWaived ? (
            <p>
              Commission: <strong>{formatCents(0)}</strong> (waived between members of your organisation)
            </p>
          ) : (
            <p>
              Commission ({Math.round(commissionRate(cents) * 100)}%):{' '}
              <strong>{formatCents(commissionCents(cents))}</strong>
            </p>
          )}
          <p>
            You receive: <strong>{formatCents(props.commissionWaived ? cents : sellerReceivesCents(cents))}</strong>
          </p>
        </section>
      )}

      <fieldset className="form-group">
        <legend>Delivery</legend>
        <Check label="Shipping" checked={values.shippable} onChange={(shippable) => onChange({ shippable })} />
        <Check
          label="Local pickup"
          checked={values.meetToDeliver}
          onChange={(meetToDeliver) => onChange({ meetToDeliver })}
        />
        <Check
          label="Free shipping"
          checked={values.shippable && values.offerFreeDelivery}
          disabled={!values.shippable}
          onChange={(offerFreeDelivery) => onChange({ offerFreeDelivery })}
        />
        {(errors.shippable || errors.meetToDeliver || errors.offerFreeDelivery) && (
          <p className="field-error" role="alert">
            {errors.shippable ?? errors.meetToDeliver ?? errors.offerFreeDelivery}
          </p>
        )}
      </fieldset>

      <fieldset className="form-group">
        <legend>How buyers buy</legend>
        <label className="check">
          <input type="radio" name="buyNow" checked={values.buyNow} onChange={() => onChange({ buyNow: true })} />
          Buy Now at the price
        </label>
        <label className="check">
          <input type="radio" name="buyNow" checked={!values.buyNow} onChange={() => onChange({ buyNow: false })} />
          Take offers
        </label>
        {/* Donations exist only with the donation flag on (spec section 2): no box to tick without it. */}
        {DONATION_ENABLED && (
          <Check
            label="This is a donation"
            checked={values.donation}
            disabled={!donationAllowed}
            onChange={(donation) =>
              onChange(donation ? { donation, price: '0', shippable: false, meetToDeliver: true } : { donation })
            }
          />
        )}
        {errors.donation && (
          <p className="field-error" role="alert">
            {errors.donation}
          </p>
        )}
      </fieldset>

      <section className="rules" aria-label="Selling rules">
        <h2>Before you publish</h2>
        <ul>
          <li>Items over {MAX_WEIGHT_LBS} lbs cannot be listed.</li>
          <li>Free items are offered for local pickup only.</li>
          {restrictedTitles.length > 0 && (
            <li>
              Used, open box and parts-not-working items in {restrictedTitles.join(', ')} are sold with local pickup
              only, by sellers with a verified work email.
            </li>
          )}
          {donationTitles.length > 0 && <li>Donations are accepted in {donationTitles.join(' and ')}.</li>}
        </ul>
        {broken.length > 0 && (
          <div className="rules__broken">
            <p>This listing cannot be published yet:</p>
            <ul>
              {broken.map((v) => (
                <li key={`${v.field}-${v.message}`}>{v.message}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </>
  );
}

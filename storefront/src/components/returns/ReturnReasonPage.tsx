import { type OrderDetail, openReturnSchema } from '@yardly/shared/contract';
import {
  FILE_INPUT_PLACEHOLDER,
  orderMessages,
  RETURN_MAX_PHOTOS,
  RETURN_TEXT_MAX,
  returnMessages,
} from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { failureMessage, logFailure } from '../../lib/log-failure';
import { readReturnReasonRef, returnTrackPath } from '../../lib/return-paths';
import { stayLoading, useLoaded } from '../../lib/use-loaded';
import { FormAlert, SubmitButton } from '../auth/fields';
import { type FieldProps, useAuthForm } from '../auth/use-auth-form';
import { Breadcrumbs } from '../Breadcrumbs';
import { CheckoutItem } from '../checkout/CheckoutItem';
import { Spinner } from '../Spinner';
import { dashboardCrumb } from '../shipping/shipping-view';
import { choosePhotos, PHOTO_ACCEPT, photoLine, REASON_CHOICES } from './return-view';
import '../../styles/checkout.css';
import '../../styles/returns.css';

/**
 * `/return-reason?listingRefnum=&orderId=` (spec section 2): the buyer of a delivered order says
 * why it goes back (a reason, what is wrong, up to 4 photos) while the receipt window is open.
 * The form is checked with the api's own schema; the photos go up once the return exists.
 */
export function ReturnReasonPage() {
  // null: the address names no order.
  const load = useLoaded<OrderDetail | null>(
    async () => {
      if (!(await requireSignedIn())) return stayLoading();
      const ref = readReturnReasonRef(window.location.search);
      return ref ? browserApi.orders.detail({ orderId: ref.orderId }) : null;
    },
    [],
    { failure: 'Could not load the order to return' },
  );

  return (
    <section className="checkout" aria-labelledby="return-title">
      <Breadcrumbs
        crumbs={[{ label: 'Home', href: '/' }, dashboardCrumb('buying', load.data?.status), { label: 'Return item' }]}
      />
      <h1 id="return-title">Return item</h1>
      {load.state === 'loading' && <Spinner label="Loading your order" />}
      {load.state === 'failed' && <p className="state-message state-message--error">{failureMessage(load.error)}</p>}
      {load.state === 'ready' && load.data === null && (
        <p className="state-message state-message--error">{orderMessages.notFound}</p>
      )}
      {load.data && <ReturnForm order={load.data} />}
    </section>
  );
}

function ReturnForm({ order }: { order: OrderDetail }) {
  const form = useAuthForm({ schema: openReturnSchema, initial: { orderId: order.orderId, reason: '', text: '' } });
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const photoId = useId();

  if (!order.actions.includes('openReturn')) {
    const message =
      order.status === 'returning' || order.status === 'returned'
        ? returnMessages.alreadyOpened
        : order.status === 'delivered'
          ? returnMessages.windowClosed
          : order.role === 'selling'
            ? returnMessages.onlyBuyerOpens
            : returnMessages.notArrived;
    return (
      <div className="checkout__layout">
        <CheckoutItem listing={order.listing} amount={order.amount} offer={order.offerRefnum !== null} />
        <div className="checkout__steps">
          <p className="state-message">{message}</p>
          {(order.status === 'returning' || order.status === 'returned') && (
            <p>
              <a href={returnTrackPath(order.listing.listingRefnum)}>Follow your return</a>
            </p>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="checkout__layout">
      <CheckoutItem listing={order.listing} amount={order.amount} offer={order.offerRefnum !== null} />
      <form
        className="checkout__steps checkout-panel return-form"
        noValidate
        aria-labelledby="return-form-title"
        onSubmit={form.onSubmit(async (body) => {
          const { returnId } = await browserApi.returns.open(body);
          for (const photo of photos) {
            try {
              await browserApi.returns.addPhoto(photo, { returnId });
            } catch (cause) {
              // The return is open: a photo that did not go up is not worth losing it for.
              logFailure('A return photo did not upload', cause);
            }
          }
          window.location.assign(returnTrackPath(order.listing.listingRefnum));
        })}
      >
        <h2 id="return-form-title">Why are you returning it?</h2>
        <p>
          Returns are accepted within 3 business days of delivery. The item price is refunded once the item is back with
          the seller; shipping fees are not refunded.
        </p>
        <ReasonField field={form.field('reason')} />
        <DescriptionField field={form.field('text')} />
        <div className="form-field">
          <label htmlFor={photoId}>Photos (optional, up to {RETURN_MAX_PHOTOS}, JPG or PNG)</label>
          <p id={`${photoId}-hint`} className="form-field__hint">
            {FILE_INPUT_PLACEHOLDER}
          </p>
          <input
            id={photoId}
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            aria-describedby={photoProblem ? `${photoId}-hint ${photoId}-error` : `${photoId}-hint`}
            onChange={(event) => {
              const chosen = choosePhotos(photos, Array.from(event.target.files ?? []));
              setPhotos(chosen.photos);
              setPhotoProblem(chosen.problem);
              event.target.value = '';
            }}
          />
          {photoProblem && (
            <p id={`${photoId}-error`} className="field-error" role="alert">
              {photoProblem}
            </p>
          )}
          {photos.length > 0 && (
            <ul className="return-form__photos" aria-label="Chosen photos">
              {photos.map((photo, index) => (
                <li key={`${photo.name}-${photo.size}-${photo.lastModified}`}>
                  {photoLine(photo)}{' '}
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Remove ${photo.name}`}
                    onClick={() => setPhotos(photos.filter((_, i) => i !== index))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending}>Send return request</SubmitButton>
      </form>
    </div>
  );
}

function ReasonField({ field }: { field: FieldProps }) {
  const id = useId();
  return (
    <fieldset
      className="form-field return-form__reasons"
      aria-invalid={field.error ? true : undefined}
      aria-describedby={field.error ? `${id}-error` : undefined}
    >
      <legend>Reason</legend>
      {REASON_CHOICES.map((choice) => (
        <label key={choice.id} className="return-form__reason">
          <input
            type="radio"
            name={field.name}
            value={choice.id}
            checked={field.value === choice.id}
            onChange={() => field.onChange(choice.id)}
            onBlur={field.onBlur}
          />{' '}
          {choice.label}
        </label>
      ))}
      {field.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {field.error}
        </p>
      )}
    </fieldset>
  );
}

function DescriptionField({ field }: { field: FieldProps }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>What is wrong with the item?</label>
      <textarea
        id={id}
        name={field.name}
        rows={5}
        maxLength={RETURN_TEXT_MAX}
        value={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : `${id}-count`}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
      <p id={`${id}-count`} className="form-field__hint">
        {field.value.length}/{RETURN_TEXT_MAX}
      </p>
      {field.error && (
        <p id={errorId} className="field-error" role="alert">
          {field.error}
        </p>
      )}
    </div>
  );
}

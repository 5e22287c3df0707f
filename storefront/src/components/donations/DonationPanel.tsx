import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { DonationOrder, SellerListing } from '@yardly/shared/contract';
import {
  confirmDonationPath,
  DONATION_MAX_PHOTOS,
  donationMessages,
  donationProcess,
  FILE_INPUT_PLACEHOLDER,
  PHOTO_MIME_TYPES,
  photoRuleViolation,
} from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { useLoaded } from '../../lib/use-loaded';
import type { Session } from '../../stores/session';
import { showToast } from '../../stores/toast';
import { type DonationButton, donationActionToasts, donationButtons } from './donation-view';
import '../../styles/donations.css';

interface DonationPanelProps {
  listing: SellerListing;
  session: Session;
}

function messageOf(cause: unknown): string {
  return cause instanceof ApiError ? (cause.errors[0]?.message ?? cause.message) : GENERIC_ERROR_MESSAGE;
}

const ACTIONS: Record<DonationButton['event'], (body: { donationOrderId: string }) => Promise<DonationOrder>> = {
  pickUp: (body) => browserApi.donations.pickedUp(body),
  receive: (body) => browserApi.donations.received(body),
  cancel: (body) => browserApi.donations.cancel(body),
};

/**
 * A donation item's panel (issue 21) for its donor and for charity recipients: a recipient
 * requests it; then both see where the donation stands, the donor's link to confirm the pickup,
 * the recipient's 'Mark as picked up' and 'Mark as received', 'Cancel donation' (exactly the
 * order's `actions`), the conversation, and the photos of the handover.
 */
export function DonationPanel({ listing, session }: DonationPanelProps) {
  const isDonor = session.userRefnum === listing.sellerRefnum;
  // null: none this person may see (nothing requested yet, or someone else's request: a 403).
  const load = useLoaded<DonationOrder | null>(
    async () => {
      try {
        return await browserApi.donations.order({ listingRefnum: listing.listingRefnum });
      } catch (cause) {
        if (cause instanceof ApiError && cause.status === 403) return null;
        throw cause;
      }
    },
    [listing.listingRefnum],
    { failure: 'Could not load the donation order' },
  );
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();

  async function request() {
    setPending(true);
    setProblem(null);
    try {
      await browserApi.donations.placeOrder({ listingRefnum: listing.listingRefnum });
      showToast(donationMessages.requested, 'success');
      load.set(await browserApi.donations.order({ listingRefnum: listing.listingRefnum }));
    } catch (cause) {
      logFailure('Could not request the donation', cause);
      setProblem(messageOf(cause));
    } finally {
      setPending(false);
    }
  }

  async function act(order: DonationOrder, event: DonationButton['event']) {
    setPending(true);
    setProblem(null);
    try {
      const changed = await ACTIONS[event]({ donationOrderId: order.donationOrderId });
      load.set(changed);
      showToast(donationActionToasts[event], 'success');
    } catch (cause) {
      logFailure(`Could not ${event} the donation`, cause);
      setProblem(messageOf(cause));
    } finally {
      setPending(false);
    }
  }

  if (load.state === 'loading') return null;
  if (load.state === 'failed')
    return <p className="state-message state-message--error">{donationMessages.orderFetchError}</p>;
  if (load.data === null) {
    // Only a charity's member asks for a live donation; the donor waits for one.
    if (isDonor || !session.isDonationRecipient || listing.listingState !== 'live') return null;
    return (
      <div className="donation-panel">
        <button type="button" className="button" disabled={pending} onClick={() => void request()}>
          {donationProcess.events.request.label}
        </button>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  }

  const order = load.data;
  const badge = donationProcess.states[order.state].badge;
  return (
    <section className="panel donation-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Donation</h2>
      <p className="donation-panel__state">
        {badge}: {order.stateLabel}
      </p>
      <p>
        {order.role === 'donor'
          ? `Requested by ${order.recipientName} for ${order.organizationName}.`
          : `Donated by ${order.donarName} to ${order.organizationName}.`}
      </p>
      {order.role === 'donor' && order.actions.includes('confirmPickup') && (
        <p>
          <a
            className="button"
            href={confirmDonationPath({
              listingRefnum: order.listingRefnum,
              donarRefnum: order.donarRefnum,
              recipientRefnum: order.recipientRefnum,
              itemZip: order.itemZip,
            })}
          >
            {donationProcess.events.confirmPickup.label}
          </a>
        </p>
      )}
      <p>
        <a href={order.messagesPath}>{order.role === 'donor' ? 'Message the recipient' : 'Message the donor'}</a>
      </p>
      {donationButtons(order).length > 0 && (
        <div className="donation-panel__actions">
          {donationButtons(order).map((button) => (
            <button
              key={button.event}
              type="button"
              className={button.event === 'cancel' ? 'button button--secondary' : 'button'}
              disabled={pending}
              onClick={() => void act(order, button.event)}
            >
              {button.label}
            </button>
          ))}
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <DonationPhotos order={order} viewerRefnum={session.userRefnum} onChanged={load.set} />
    </section>
  );
}

interface DonationPhotosProps {
  order: DonationOrder;
  viewerRefnum: string;
  onChanged: (order: DonationOrder) => void;
}

/** Photos of the handover: anyone of the two adds one (up to 4), and deletes their own. */
function DonationPhotos({ order, viewerRefnum, onChanged }: DonationPhotosProps) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const canAdd = order.role !== 'admin' && order.state !== 'cancelled' && order.pictures.length < DONATION_MAX_PHOTOS;

  async function add(file: File) {
    const refused =
      order.pictures.length >= DONATION_MAX_PHOTOS ? donationMessages.tooManyPhotos : photoRuleViolation(file, 0);
    if (refused) {
      setProblem(refused);
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const uploaded = await browserApi.donations.uploadPicture(file, { donationOrderId: order.donationOrderId });
      onChanged(
        await browserApi.donations.savePicture({
          resourcePath: uploaded.resourcePath,
          donationOrderId: order.donationOrderId,
        }),
      );
    } catch (cause) {
      logFailure('Could not add the donation photo', cause);
      setProblem(messageOf(cause));
    } finally {
      setPending(false);
    }
  }

  async function remove(resourcePath: string) {
    setPending(true);
    setProblem(null);
    try {
      await browserApi.donations.deletePicture({ resourcePath });
      onChanged({ ...order, pictures: order.pictures.filter((picture) => picture.resourcePath !== resourcePath) });
    } catch (cause) {
      logFailure('Could not delete the donation photo', cause);
      setProblem(messageOf(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="donation-panel__photos">
      <h3>Photos of the handover</h3>
      {order.pictures.length === 0 ? (
        <p className="state-message">No photos yet.</p>
      ) : (
        <ul className="donation-photos">
          {order.pictures.map((picture, index) => (
            <li key={picture.resourcePath}>
              <img src={picture.url} alt={`Handover, ${index + 1} of ${order.pictures.length}`} loading="lazy" />
              {picture.userRefnum === viewerRefnum && (
                <button
                  type="button"
                  className="link-button"
                  disabled={pending}
                  aria-label={`Delete handover photo ${index + 1}`}
                  onClick={() => void remove(picture.resourcePath)}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <div className="form-field">
          <label htmlFor={inputId}>Add a photo (JPG or PNG, up to 10 MB)</label>
          <p id={`${inputId}-hint`} className="form-field__hint">
            {FILE_INPUT_PLACEHOLDER}
          </p>
          <input
            id={inputId}
            aria-describedby={`${inputId}-hint`}
            type="file"
            accept={PHOTO_MIME_TYPES.join(',')}
            disabled={pending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void add(file);
            }}
          />
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

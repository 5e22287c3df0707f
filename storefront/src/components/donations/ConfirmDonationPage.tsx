import type { DonationOrder, SavedAddress } from '@yardly/shared/contract';
import {
  addressPrompts,
  addressToasts,
  canAddPickupAddress,
  type DonationConfirmQuery,
  donationConversationPath,
  donationMessages,
  donationProcess,
  donationTexts,
  pickupAddressProblem,
} from '@yardly/shared/rules';
import { useCallback, useEffect, useId, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { itemPath } from '../../lib/routes';
import { showToast } from '../../stores/toast';
import { AddressForm } from '../account/AddressForm';
import { ConfirmDialog } from '../account/ConfirmDialog';
import { AddressRadios } from '../checkout/AddressRadios';
import { Spinner } from '../Spinner';
import { confirmFailureMessage, orderLoadFailure, pickupFormHeading, readConfirmDonationQuery } from './donation-view';
import '../../styles/checkout.css';
import '../../styles/donations.css';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; query: DonationConfirmQuery; order: DonationOrder };

const addPickupAddress = (body: Parameters<typeof browserApi.donations.addPickupAddress>[0]) =>
  browserApi.donations.addPickupAddress(body);

/**
 * `/confirm-donation?listingRefnum=&donarRefnum=&recipientRefnum=&itemZip=` (spec section 2,
 * issue 21): a charity asked for the donor's item; the donor chooses a pickup address at the
 * item's zip among their saved ones (or adds one, up to 4) and confirms. On success, to the
 * donation's conversation in My Quest's messages.
 */
export function ConfirmDonationPage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    void requireSignedIn().then(async (session) => {
      if (!session) return;
      const query = readConfirmDonationQuery(window.location.search);
      if (!query) {
        setLoad({ status: 'error', message: donationMessages.orderNotFound });
        return;
      }
      try {
        const order = await browserApi.donations.order({ listingRefnum: query.listingRefnum });
        // None this person may see: the link is not for them, or nothing was asked for.
        setLoad(
          order ? { status: 'done', query, order } : { status: 'error', message: donationMessages.orderNotFound },
        );
      } catch (cause) {
        logFailure('Could not check the donation order', cause);
        const failure = orderLoadFailure(cause);
        if (failure.home) window.location.replace('/');
        else setLoad({ status: 'error', message: failure.message });
      }
    });
  }, []);

  return (
    <section className="checkout donation-confirm" aria-labelledby="donation-confirm-title">
      <div className="donation-confirm__top">
        <BackButton fallback={load.status === 'done' ? itemPath(load.query.listingRefnum) : '/'} />
        <h1 id="donation-confirm-title">{donationTexts.title}</h1>
      </div>
      {load.status === 'loading' && <Spinner label="Checking the donation" />}
      {load.status === 'error' && (
        <p className="state-message state-message--error" role="alert">
          {load.message}
        </p>
      )}
      {load.status === 'done' && <PickupStep query={load.query} order={load.order} />}
    </section>
  );
}

/** 'Back': where the donor came from, or the item when the page was opened on its own. */
function BackButton({ fallback }: { fallback: string }) {
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => {
        if (window.history.length > 1) window.history.back();
        else window.location.assign(fallback);
      }}
    >
      Back
    </button>
  );
}

function PickupStep({ query, order }: { query: DonationConfirmQuery; order: DonationOrder }) {
  const [addresses, setAddresses] = useState<SavedAddress[] | null>(null);
  const [fetchFailed, setFetchFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  /** The add-new form holds what is not saved yet: choosing another address asks first. */
  const [formDirty, setFormDirty] = useState(false);
  /** The address chosen while it did, waiting on the answer to 'select another address?'. */
  const [askingToSelect, setAskingToSelect] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const headingId = useId();

  const reload = useCallback(async () => {
    try {
      setAddresses(await browserApi.account.fetchAddresses());
      setFetchFailed(false);
    } catch (cause) {
      logFailure('Could not fetch the addresses', cause);
      setFetchFailed(true);
      showToast(addressToasts.fetchError, 'error');
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const closeForm = useCallback(() => {
    setAdding(false);
    setFormDirty(false);
  }, []);

  const conversation = donationConversationPath(query.listingRefnum, query.donarRefnum, query.recipientRefnum);
  const itemZip = query.itemZip || order.itemZip;

  if (!order.actions.includes('confirmPickup')) {
    // Confirmed already, cancelled, or not the donor's to confirm: say where it stands.
    return (
      <div className="checkout-panel donation-confirm__state">
        <p>
          {order.listingTitle}: <strong>{order.stateLabel}</strong>
        </p>
        {order.role !== 'admin' && order.state !== 'cancelled' && (
          <p>
            <a href={conversation}>Go to the conversation</a>
          </p>
        )}
      </div>
    );
  }

  /** An address chosen leaves the add-new form, asking first when it holds an unsaved address (spec section 5). */
  function choose(addressId: string) {
    if (adding && formDirty) {
      setAskingToSelect(addressId);
      return;
    }
    closeForm();
    setSelected(addressId);
  }

  async function confirm() {
    const chosen = addresses?.find((address) => address.id === selected) ?? null;
    const problem = pickupAddressProblem(chosen, itemZip);
    if (problem || !chosen) {
      showToast(problem?.message ?? donationMessages.selectAddress, problem?.severity ?? 'warning');
      return;
    }
    setPending(true);
    try {
      await browserApi.donations.confirm({
        listingRefnum: query.listingRefnum,
        donarRefnum: query.donarRefnum,
        recipientRefnum: query.recipientRefnum,
        donarAddressId: chosen.id,
      });
      window.location.assign(conversation);
    } catch (cause) {
      logFailure('Could not confirm the donation', cause);
      showToast(confirmFailureMessage(cause), 'error');
      setPending(false);
    }
  }

  if (addresses === null) {
    return fetchFailed ? (
      <p className="state-message state-message--error">{addressToasts.fetchError}</p>
    ) : (
      <Spinner label="Loading your addresses" />
    );
  }

  const heading = pickupFormHeading(addresses.length);
  return (
    <div className="donation-confirm__steps">
      <p className="donation-confirm__about">
        <strong>{order.organizationName}</strong> asked for{' '}
        <a href={itemPath(order.listingRefnum)}>{order.listingTitle}</a>. Choose where it can be picked up: an address
        at zip code {itemZip}. A Yardly representative contacts you within 2-3 business days.
      </p>
      {addresses.length > 0 && (
        <fieldset className="checkout-panel checkout-choice" disabled={pending}>
          <legend>Pickup address</legend>
          <AddressRadios
            name="donarAddressId"
            addresses={addresses}
            value={selected}
            disabled={pending}
            onChange={choose}
          />
        </fieldset>
      )}
      {heading && (
        <section className="checkout-panel" aria-labelledby={headingId}>
          <h2 id={headingId}>{heading}</h2>
          {addresses.length === 0 ? (
            <AddressForm
              inline
              isFirst
              save={addPickupAddress}
              onSaved={(saved) => {
                setSelected(saved.id);
                void reload();
              }}
              onClose={() => {}}
            />
          ) : (
            <>
              {!adding && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={pending || !canAddPickupAddress(addresses.length)}
                  onClick={() => setAdding(true)}
                >
                  Add New Address
                </button>
              )}
              {/* In the page beside the addresses, so that one of them may be chosen instead (asked first when changed). */}
              {adding && (
                <AddressForm
                  inline
                  cancellable
                  isFirst={false}
                  save={addPickupAddress}
                  onDirtyChange={setFormDirty}
                  onSaved={(saved) => {
                    setSelected(saved.id);
                    void reload();
                  }}
                  onClose={closeForm}
                />
              )}
            </>
          )}
        </section>
      )}
      <button
        type="button"
        className="button donation-confirm__submit"
        disabled={pending}
        onClick={() => void confirm()}
      >
        {pending ? 'Confirming…' : donationProcess.events.confirmPickup.label}
      </button>
      {askingToSelect && (
        <ConfirmDialog
          message={addressPrompts.selectAnotherUnsaved}
          onYes={() => {
            closeForm();
            setSelected(askingToSelect);
            setAskingToSelect(null);
          }}
          onNo={() => setAskingToSelect(null)}
        />
      )}
    </div>
  );
}

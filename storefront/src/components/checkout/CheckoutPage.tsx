import { useStore } from '@nanostores/react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type {
  CheckoutDeliveryOption,
  DeliveryMethod,
  ListingDetail,
  PaymentConfig,
  SavedAddress,
  SavedCard,
} from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { type CheckoutRef, orderConfirmationPath, readCheckoutRef } from '../../lib/checkout-paths';
import { logFailure } from '../../lib/log-failure';
import { itemPath } from '../../lib/routes';
import { $checkout, chooseDelivery, startCheckout } from '../../stores/checkout';
import { Spinner } from '../Spinner';
import { CardForm } from './CardForm';
import { CheckoutItem } from './CheckoutItem';
import { CheckoutPending, CheckoutShell, type CheckoutStart } from './CheckoutPreview';
import { offerPriceIn, previewAmount } from './checkout-preview';
import { DeliveryField } from './DeliveryField';
import { RewardsChoice } from './RewardsChoice';
import { RewardsOrderButton } from './RewardsOrderButton';
import { ShipToField } from './ShipToField';
import '../../styles/checkout.css';

/** Said when the page could not learn how cards are collected: nothing can be paid. */
const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again in a few minutes.';

type Load =
  | { status: 'loading' }
  | { status: 'missing'; message: string }
  | {
      status: 'done';
      listing: ListingDetail;
      options: CheckoutDeliveryOption[];
      addresses: SavedAddress[];
      /** Null when they could not be read: the buyer can still pay with a new card. */
      savedCards: SavedCard[] | null;
      /** The buyer's rewards balance in cents; 0 when it could not be read (the api still applies it). */
      rewardsBalance: number;
      /** What the item is bought at: the accepted offer's price, else the listing's price (cents). */
      itemPrice: number;
    };

/** The buyer's saved cards; null, said on the form, when they cannot be read (buying goes on with a new card). */
async function readSavedCards(): Promise<SavedCard[] | null> {
  try {
    return await browserApi.cards.list();
  } catch (cause) {
    logFailure('Could not read the saved cards', cause);
    return null;
  }
}

/** The buyer's rewards balance; 0, and no choice shown, when it cannot be read (the api applies it by default). */
async function readRewardsBalance(): Promise<number> {
  try {
    return (await browserApi.rewards.rewards({ page: 0, size: 1 })).balance;
  } catch (cause) {
    logFailure('Could not read the rewards balance', cause);
    return 0;
  }
}

/** The price of the buyer's accepted offer (their own threads on the listing); null when it cannot be found. */
async function readOfferPrice(ref: CheckoutRef): Promise<number | null> {
  if (!ref.offerRefnum) return null;
  const answer = await browserApi.offers.list({ listingRefnum: ref.itemRefnum, page: 0, size: 100 });
  return offerPriceIn(answer.offers.content, ref.offerRefnum);
}

/** The primary address (the api lists it first), or none. */
function firstAddress(addresses: readonly SavedAddress[]): string | null {
  return (addresses.find((a) => a.primary) ?? addresses[0])?.id ?? null;
}

interface CheckoutPageProps {
  /** How cards are collected (GET /svc/payment/config, read when the page was rendered); null when it could not be read. */
  payment: PaymentConfig | null;
  /** The item and its total as the server rendered them (Buy Now); null when it could not. */
  start: CheckoutStart | null;
}

/**
 * `/checkout?itemRefnum=` (and `&offerRefnum=` for an accepted offer): the item, how it comes
 * (shipped to a saved address, or picked up), the buyer's rewards (used first unless unticked),
 * the card and the total the api computed; Pay authorises the card and places the order, then
 * the confirmation page shows it. Rewards that pay it all need no card: "Place order".
 */
export function CheckoutPage({ payment, start }: CheckoutPageProps) {
  const checkout = useStore($checkout);
  const [ref, setRef] = useState<CheckoutRef | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [method, setMethod] = useState<DeliveryMethod | null>(null);
  const [addressId, setAddressId] = useState<string | null>(null);
  const [useRewards, setUseRewards] = useState(true);

  useEffect(() => {
    void requireSignedIn().then((session) => {
      if (!session) return;
      const found = readCheckoutRef(window.location.search);
      if (!found) {
        setLoad({ status: 'missing', message: orderMessages.noLongerAvailable });
        return;
      }
      startCheckout(found);
      setRef(found);
    });
  }, []);

  useEffect(() => {
    if (!ref) return;
    void (async () => {
      try {
        const [detail, delivery, addresses, savedCards, rewardsBalance, offerPrice] = await Promise.all([
          browserApi.listings.detail({ listingRefnum: ref.itemRefnum }),
          browserApi.checkout.deliveryOptions({ listingRefnum: ref.itemRefnum }),
          browserApi.account.fetchAddresses(),
          readSavedCards(),
          readRewardsBalance(),
          readOfferPrice(ref),
        ]);
        if (!detail.listing) {
          setLoad({ status: 'missing', message: orderMessages.noLongerAvailable });
          return;
        }
        setLoad({
          status: 'done',
          listing: detail.listing,
          options: delivery.options,
          addresses,
          savedCards,
          rewardsBalance,
          itemPrice: offerPrice ?? detail.listing.listingCurrentPrice,
        });
        // A reload resumes this tab's attempt where its choice still stands.
        const resumed = $checkout.get().choice;
        setUseRewards(resumed?.useRewards !== false);
        const method = delivery.options.find((o) => o.method === resumed?.deliveryMethod) ?? delivery.options[0];
        setMethod(method?.method ?? null);
        setAddressId(addresses.find((a) => a.id === resumed?.addressId)?.id ?? firstAddress(addresses));
      } catch (cause) {
        logFailure('Could not load the checkout', cause);
        setLoad({ status: 'missing', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
      }
    })();
  }, [ref]);

  // A complete choice is priced by the api at once, so the total shown is the api's (rewards off: asked not to use them).
  useEffect(() => {
    const rewards = useRewards ? {} : { useRewards: false };
    if (method === 'pickup') void chooseDelivery({ deliveryMethod: 'pickup', ...rewards });
    else if (method === 'ship' && addressId) void chooseDelivery({ deliveryMethod: 'ship', addressId, ...rewards });
  }, [method, addressId, useRewards]);

  useEffect(() => {
    if (checkout.placed) window.location.assign(orderConfirmationPath(checkout.placed));
  }, [checkout.placed]);

  const addressAdded = useCallback(async () => {
    if (load.status !== 'done') return;
    try {
      const addresses = await browserApi.account.fetchAddresses();
      const known = new Set(load.addresses.map((a) => a.id));
      setLoad({ ...load, addresses });
      setAddressId(addresses.find((a) => !known.has(a.id))?.id ?? firstAddress(addresses));
    } catch (cause) {
      logFailure('Could not read the saved addresses', cause);
    }
  }, [load]);

  const locked = checkout.status === 'paying' || checkout.status === 'placed';
  // The api's price for the delivery chosen; until it has one (a shipped item waits for an
  // address), the same sum worked out here for that delivery, so a total shows from the first paint.
  const amount =
    load.status !== 'done'
      ? null
      : checkout.amount && checkout.choice?.deliveryMethod === method
        ? checkout.amount
        : previewAmount({
            itemPrice: load.itemPrice,
            delivery: load.options.find((o) => o.method === method) ?? null,
            rewardsBalance: load.rewardsBalance,
            useRewards,
          });

  return (
    <CheckoutShell>
      {load.status === 'loading' && <CheckoutPending start={start} />}
      {load.status === 'missing' && <p className="state-message state-message--error">{load.message}</p>}
      {load.status === 'done' && (
        <div className="checkout__layout">
          {amount && <CheckoutItem listing={load.listing} amount={amount} offer={Boolean(ref?.offerRefnum)} />}
          <div className="checkout__steps checkout__steps--kept">
            {load.options.length > 0 ? (
              <DeliveryField options={load.options} value={method} disabled={locked} onChange={setMethod} />
            ) : (
              <p className="state-message">{orderMessages.noLongerAvailable}</p>
            )}
            {method === 'ship' && (
              <ShipToField
                addresses={load.addresses}
                value={addressId}
                disabled={locked}
                onChange={setAddressId}
                onAdded={() => void addressAdded()}
              />
            )}
            {checkout.problem && (
              <div className="checkout-problem" role="alert">
                <p>{checkout.problem}</p>
                <a href={itemPath(load.listing.listingRefnum)}>Back to the item</a>
              </div>
            )}
            {checkout.status === 'pricing' && <Spinner label="Working out the total" />}
            <section className="checkout-panel" aria-labelledby="checkout-payment-title">
              <h2 id="checkout-payment-title">Payment</h2>
              {load.rewardsBalance > 0 && (
                <RewardsChoice
                  balance={load.rewardsBalance}
                  checked={useRewards}
                  disabled={locked || checkout.authorised}
                  onChange={setUseRewards}
                />
              )}
              {checkout.amount?.total === 0 ? (
                <RewardsOrderButton />
              ) : payment ? (
                <CardForm payment={payment} savedCards={load.savedCards} />
              ) : (
                <p className="state-message state-message--error" role="alert">
                  {PAYMENTS_UNAVAILABLE}
                </p>
              )}
            </section>
          </div>
        </div>
      )}
    </CheckoutShell>
  );
}

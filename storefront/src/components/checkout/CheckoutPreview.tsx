import type { CheckoutAmount, ListingCard } from '@yardly/shared/contract';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { CheckoutItem } from './CheckoutItem';

/** What the server knows of a Buy Now checkout before the buyer's own data: the item and its total for the default delivery. */
export interface CheckoutStart {
  listing: Pick<ListingCard, 'listingRefnum' | 'listingTitle' | 'listingPictureUrl'>;
  amount: CheckoutAmount;
}

/** The checkout's heading and breadcrumbs around whatever state it is in. */
export function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Checkout' }]} />
      <h1 id="checkout-title">Checkout</h1>
      {children}
    </section>
  );
}

/**
 * The checkout while the buyer's addresses, cards and rewards load: the item and its total where
 * the finished checkout shows them, and the steps' place kept (checkout.css), so nothing moves
 * when they come. The server renders it as the island's first HTML (pages/checkout.astro) and
 * the island renders the same until its data is in.
 */
export function CheckoutPending({ start }: { start: CheckoutStart | null }) {
  if (!start) return <Spinner label="Loading the checkout" />;
  return (
    <div className="checkout__layout">
      <CheckoutItem listing={start.listing} amount={start.amount} offer={false} />
      <div className="checkout__steps checkout__steps--kept">
        <Spinner label="Loading the checkout" />
      </div>
    </div>
  );
}

import { centsToDollarInput, formatCents, offerToLikersNotBelowMessage } from '@yardly/shared/rules';
import { parseOfferInput } from './offer-view';

/** The seller's button: "Offer to likers (3)", with how many saved the listing. */
export function likersButtonLabel(likers: number): string {
  return `Offer to likers (${likers})`;
}

/** What the dialog says it does, before the price is typed. */
export function likersLead(likers: number, priceCents: number, validHours: number): string {
  const who = likers === 1 ? 'the 1 person' : `the ${likers} people`;
  return `Offer a price below ${formatCents(priceCents)} to ${who} who saved this listing. Each can accept it for ${validHours} hours; you can make one offer to likers a day.`;
}

/** The price the dialog starts at: 10% off the current one (Poshmark's and Mercari's habit), in dollars. */
export function suggestedLikersOffer(priceCents: number): string {
  const cents = Math.floor((priceCents * 9) / 10);
  return cents > 0 ? centsToDollarInput(cents) : '';
}

/** What the seller typed, as integer cents strictly below the current price, or the message to show (the api's own). */
export function parseLikersOffer(text: string, priceCents: number): { cents: number } | { error: string } {
  const parsed = parseOfferInput(text);
  if ('error' in parsed) return parsed;
  if (parsed.cents >= priceCents) return { error: offerToLikersNotBelowMessage(priceCents) };
  return parsed;
}

const NEXT_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Once sent: when the next offer to likers can be made, in the seller's time ('29 Nov 2026, 18:07'). */
export function nextOfferToLikersNote(nextOfferAt: string): string {
  return `Offer to likers sent. You can make the next one after ${NEXT_TIME.format(new Date(nextOfferAt))}.`;
}

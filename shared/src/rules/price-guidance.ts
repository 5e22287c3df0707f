import { formatCents } from './money';

/**
 * Local price guidance on the sell form (issue 37, item 5): what similar items sold for near a
 * zip. Every number of the rule is named here once; the api's statement and its tests read them.
 */
export const PRICE_GUIDANCE = {
  /** Completed sales of the last this many days count. */
  days: 90,
  /** Within this many miles of the zip's centre (centre to centre, as search measures). */
  miles: 50,
  /** Fewer sales than this: no guidance (a band of one or two sales would name them). */
  minSales: 5,
  /** The band: from this percentile of what buyers paid ... */
  lowPercentile: 0.25,
  /** ... to this one. */
  highPercentile: 0.75,
} as const;

/** The open guidance call's budget per client address (it is not secret, but each answer reads the sales). */
export const PRICE_GUIDANCE_LIMIT = { max: 120, windowMinutes: 15 } as const;

export const priceGuidanceMessages = {
  condition: 'Choose a condition: new, like_new, used, open_box or parts_not_working',
  tooMany: (minutes: number) =>
    `Too many price look-ups from your network, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
} as const;

/** What the sell form shows: "Similar items sold for $40.00-$55.00 near you". */
export function priceGuidanceText(lowCents: number, highCents: number): string {
  const band = lowCents === highCents ? formatCents(lowCents) : `${formatCents(lowCents)}-${formatCents(highCents)}`;
  return `Similar items sold for ${band} near you`;
}

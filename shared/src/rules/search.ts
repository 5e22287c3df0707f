/** The product search's limits and the texts a person reads when a search is refused (spec section 9). */

export const SEARCH_LIMITS = { qMax: 200, dMax: 3000, sizeMax: 100, pageMax: 400, arrayMax: 10 } as const;
export const searchMessages = {
  qTooLong: `Search text can be at most ${SEARCH_LIMITS.qMax} characters`,
  dNegative: 'Distance cannot be below 0 miles',
  dTooFar: `Distance can be at most ${SEARCH_LIMITS.dMax} miles`,
  sizeTooBig: `Page size can be at most ${SEARCH_LIMITS.sizeMax}`,
  pageTooFar: `Page can be at most ${SEARCH_LIMITS.pageMax}`,
  location: "Location must be 'latitude,longitude'",
  /** For api clients: the storefront's price inputs take dollars and convert them. */
  price: 'Price must be whole cents from 0 to 100,000,000 ($1,000,000)',
  priceOrder: 'The minimum price cannot be above the maximum price',
  queryRequired: 'Type something to search for',
  tooMany: `Choose at most ${SEARCH_LIMITS.arrayMax} values`,
  railTooBig: 'A rail holds at most 24 items',
} as const;

/** Reporting an item or a rental to the console (spec: Report an item): the reasons and the texts a person reads. */

/** Why a person reports an item (spec: Report an item); the words shown for each. */
export const REPORT_REASONS = {
  prohibited: 'Prohibited item',
  scam: 'Scam or fraud',
  wrong_category: 'Wrong category',
  offensive: 'Offensive content',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
/** The reasons' codes, as a report's `reason` takes them. */
export const REPORT_REASON_CODES = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const reportMessages = {
  chooseReason: 'Choose a reason',
  detailsTooLong: 'Keep the details to 1000 characters',
  alreadyReported: 'You have already reported this item',
  ownListing: 'You cannot report your own listing',
  sent: 'Thank you, we will review this item',
} as const;

/** What the console's report queue answers. */
export const reportConsoleMessages = {
  reportAlreadyResolved: 'This report is already resolved',
} as const;

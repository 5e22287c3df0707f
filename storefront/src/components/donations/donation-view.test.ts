import { ApiError } from '@yardly/shared/client';
import type { ConversationSummary } from '@yardly/shared/contract';
import { describe, expect, it } from 'vitest';
import {
  confirmFailureMessage,
  conversationSide,
  donationButtons,
  findDonationConversation,
  orderLoadFailure,
  pickupFormHeading,
  readConfirmDonationQuery,
} from './donation-view';

const LISTING = 'L00000000001';
const DONOR = 'U00000000001';
const RECIPIENT = 'U00000000002';

describe('the donation confirmation page', () => {
  it('reads its four query parameters', () => {
    expect(
      readConfirmDonationQuery(
        `?listingRefnum=${LISTING}&donarRefnum=${DONOR}&recipientRefnum=${RECIPIENT}&itemZip=10001`,
      ),
    ).toEqual({ listingRefnum: LISTING, donarRefnum: DONOR, recipientRefnum: RECIPIENT, itemZip: '10001' });
  });

  it('refuses a query with a part missing or malformed', () => {
    expect(readConfirmDonationQuery(`?listingRefnum=${LISTING}&donarRefnum=${DONOR}&itemZip=10001`)).toBeNull();
    expect(
      readConfirmDonationQuery(
        `?listingRefnum=${LISTING}&donarRefnum=${DONOR}&recipientRefnum=${RECIPIENT}&itemZip=1001`,
      ),
    ).toBeNull();
    expect(
      readConfirmDonationQuery(`?listingRefnum=x&donarRefnum=${DONOR}&recipientRefnum=${RECIPIENT}&itemZip=10001`),
    ).toBeNull();
  });

  it("heads the form 'Enter your pickup address' with none, 'Add pickup address' beside some, nothing at 4", () => {
    expect(pickupFormHeading(0)).toBe('Enter your pickup address');
    expect(pickupFormHeading(1)).toBe('Add pickup address');
    expect(pickupFormHeading(3)).toBe('Add pickup address');
    expect(pickupFormHeading(4)).toBeNull();
    expect(pickupFormHeading(5)).toBeNull();
  });

  it('goes home when the order check answers 401, and says the spec words for any other failure', () => {
    expect(orderLoadFailure(new ApiError({ code: 401, status: 401, message: 'Sign in' }))).toEqual({ home: true });
    expect(orderLoadFailure(new ApiError({ code: 404, status: 404, message: 'No order' }))).toEqual({
      home: false,
      message: 'There was an error fetching ther order details, please try again',
    });
    expect(orderLoadFailure(new TypeError('offline'))).toEqual({
      home: false,
      message: 'There was an error fetching ther order details, please try again',
    });
  });

  it("shows the api's first error, else 'There was an error confirming donation, please try again'", () => {
    const refused = new ApiError({
      code: 400,
      status: 400,
      message: 'Bad request',
      errors: [
        { field: 'donarAddressId', message: 'Please select an address at zip code 10001' },
        { field: 'x', message: 'second' },
      ],
    });
    expect(confirmFailureMessage(refused)).toBe('Please select an address at zip code 10001');
    expect(confirmFailureMessage(new ApiError({ code: 500, status: 500, message: 'Boom' }))).toBe(
      'There was an error confirming donation, please try again',
    );
    expect(confirmFailureMessage(new Error('offline'))).toBe(
      'There was an error confirming donation, please try again',
    );
  });
});

describe("a donation order's buttons", () => {
  it("come from the order's actions, labelled by the donation process", () => {
    expect(donationButtons({ actions: ['pickUp', 'cancel'] })).toEqual([
      { event: 'pickUp', label: 'Mark as picked up' },
      { event: 'cancel', label: 'Cancel donation' },
    ]);
    expect(donationButtons({ actions: ['receive'] })).toEqual([{ event: 'receive', label: 'Mark as received' }]);
  });

  it('leave out the donor confirming (a link to its page) and anything unknown', () => {
    expect(donationButtons({ actions: ['confirmPickup', 'lapse', 'request'] })).toEqual([]);
  });
});

describe("a donation's conversation path", () => {
  const key = { listingRefnum: LISTING, sellerRefnum: DONOR, buyerRefnum: RECIPIENT };
  const conversation = (listingRefnum: string, other: string) =>
    ({
      conversationId: `T${other.slice(1)}`,
      listing: { listingRefnum },
      otherParty: { userRefnum: other, name: 'Someone', pictureUrl: null },
    }) as unknown as ConversationSummary;

  it("opens the donor's conversation with the recipient, and the recipient's with the donor", () => {
    const donorSide = [conversation(LISTING, 'U00000000009'), conversation(LISTING, RECIPIENT)];
    expect(findDonationConversation(donorSide, key, DONOR)?.otherParty.userRefnum).toBe(RECIPIENT);
    expect(findDonationConversation([conversation(LISTING, DONOR)], key, RECIPIENT)?.otherParty.userRefnum).toBe(DONOR);
    expect(conversationSide(key, DONOR)).toBe('selling');
    expect(conversationSide(key, RECIPIENT)).toBe('buying');
  });

  it('finds nothing for a third person, or about another listing', () => {
    expect(findDonationConversation([conversation(LISTING, DONOR)], key, 'U00000000007')).toBeNull();
    expect(conversationSide(key, 'U00000000007')).toBeNull();
    expect(findDonationConversation([conversation('L00000000002', RECIPIENT)], key, DONOR)).toBeNull();
  });
});

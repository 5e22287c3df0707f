import { accountCalls, profileCalls } from '../contract/account';
import { adminCalls } from '../contract/admin';
import { authCalls, credentialCalls } from '../contract/auth';
import { bannerCalls } from '../contract/banners';
import { joinCalls } from '../contract/call';
import { cardCalls } from '../contract/cards';
import { categoryCalls } from '../contract/categories';
import { checkoutCalls } from '../contract/checkout';
import { contactCalls, referralCalls } from '../contract/content';
import { donationCalls } from '../contract/donations';
import { favouriteCalls } from '../contract/favourites';
import { feedbackCalls } from '../contract/feedback';
import { healthCalls } from '../contract/health';
import { listingCalls } from '../contract/listings';
import { liveCalls } from '../contract/live';
import { locationCalls } from '../contract/location';
import { messageCalls } from '../contract/messages';
import { notificationCalls, rentalNotificationCalls } from '../contract/notifications';
import { offerCalls } from '../contract/offers';
import { orderCalls } from '../contract/orders';
import { organisationMarketplaceCalls } from '../contract/organisation-marketplace';
import { organisationCalls } from '../contract/organisations';
import { payoutCalls } from '../contract/payouts';
import { rentalFavouriteCalls } from '../contract/rental-favourites';
import { rentalMessagingCalls } from '../contract/rental-messages';
import { rentalSearchCalls } from '../contract/rental-search';
import { rentalListingCalls } from '../contract/rentals';
import { reportCalls } from '../contract/reports';
import { returnCalls } from '../contract/returns';
import { inviteCalls, rewardCalls } from '../contract/rewards';
import { savedSearchCalls } from '../contract/saved-searches';
import { searchCalls } from '../contract/search';
import { shippingCalls } from '../contract/shipping';
import { rentalSimilarCalls, similarCalls } from '../contract/similar';
import { socialCalls } from '../contract/social';
import { testProviderCalls } from '../contract/test-provider';
import { bindCalls } from './bind-calls';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client';

/** The contract's call maps, bound: `api.listings.detail({ listingRefnum })`. */
export function createApi(options: HttpClientOptions = {}) {
  const http: HttpClient = createHttpClient(options);
  return {
    http,
    health: bindCalls(http, healthCalls),
    admin: bindCalls(http, adminCalls),
    banners: bindCalls(http, bannerCalls),
    notifications: bindCalls(http, notificationCalls),
    categories: bindCalls(http, categoryCalls),
    location: bindCalls(http, locationCalls),
    // The sign-in dialogs reach social sign-in and work-email checks beside the log-in calls.
    auth: bindCalls(http, joinCalls(authCalls, socialCalls, organisationCalls)),
    // The settings page changes the password and email beside the profile fields.
    account: bindCalls(http, joinCalls(accountCalls, credentialCalls)),
    profile: bindCalls(http, profileCalls),
    feedback: bindCalls(http, feedbackCalls),
    search: bindCalls(http, searchCalls),
    savedSearches: bindCalls(http, savedSearchCalls),
    listings: bindCalls(http, listingCalls),
    favourites: bindCalls(http, favouriteCalls),
    offers: bindCalls(http, offerCalls),
    cards: bindCalls(http, cardCalls),
    payouts: bindCalls(http, payoutCalls),
    messages: bindCalls(http, messageCalls),
    live: bindCalls(http, liveCalls),
    reports: bindCalls(http, reportCalls),
    content: bindCalls(http, joinCalls(contactCalls, referralCalls)),
    // Checkout: delivery options, the payment intent, the test provider's card form, placing the order.
    checkout: bindCalls(http, joinCalls(checkoutCalls, testProviderCalls)),
    orders: bindCalls(http, orderCalls),
    // Labels, tracking and the buyer's receipt (issue 19).
    shipping: bindCalls(http, shippingCalls),
    returns: bindCalls(http, returnCalls),
    // Rewards and referrals (issue 22): invites, the rewards wallet.
    rewards: bindCalls(http, joinCalls(rewardCalls, inviteCalls)),
    // Organisation marketplaces (issue 23): a B2B organisation's landing.
    organisations: bindCalls(http, organisationMarketplaceCalls),
    // Donations (issue 21): only with the donation flag on.
    donations: bindCalls(http, donationCalls),
    // The rentals section (issue 20): listings, search, saved places, conversations, notifications.
    rentals: bindCalls(http, joinCalls(rentalListingCalls, rentalSearchCalls)),
    rentalFavourites: bindCalls(http, rentalFavouriteCalls),
    rentalMessages: bindCalls(http, rentalMessagingCalls),
    rentalNotifications: bindCalls(http, rentalNotificationCalls),
    // Issue 37: similar items and more from the seller beside an item or a rental, price guidance on the sell form.
    similar: bindCalls(http, joinCalls(similarCalls, rentalSimilarCalls)),
  };
}

export type Api = ReturnType<typeof createApi>;

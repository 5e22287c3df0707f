import { offerCalls } from '@yardly/shared/contract';
import { offerProcess, orderProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { assertMemberMay } from '../organisations/member-access';
import { offerLinesEffect } from './conversation-lines';
import { endedMembershipsJob } from './ended-memberships';
import { listingLikers, offerToLikers } from './likers';
import { offerLiveEffect } from './live-effect';
import { offerTimerTaking } from './process';
import { alreadyOffered, buyerListings, listingOffers } from './read';
import { releaseReservation } from './reservation';
import { closeOfferOfEndedOrder } from './sale-ended';
import { createOfferService } from './service';

/**
 * Offers on listings (issue 17): make, counter, accept, decline or withdraw; the 24-hour expiry;
 * who sees which; the offers an ended organisation membership leaves open (issue 23); a seller's
 * offer to everyone who saved a listing (issue 37).
 */
export const offersCapability = defineCapability({
  name: 'offers',
  calls: offerCalls,
  process: offerProcess,
  services: (app: AppServices) => {
    const runner = app.processes.offer;
    return { ...app, runner, offers: createOfferService({ db: app.db, clock: app.clock, runner }) };
  },
  handlers: ({ db, clock, offers, runner }) => ({
    create: ({ body, caller }) => {
      assertMemberMay(caller, 'offer');
      return offers.create(caller, body);
    },
    counter: ({ body, caller }) => {
      assertMemberMay(caller, 'offer');
      return offers.counter(caller, body);
    },
    accept: ({ body, caller }) => {
      assertMemberMay(caller, 'offer');
      return offers.accept(caller, body);
    },
    decline: ({ body, caller }) => offers.decline(caller, body),
    list: ({ query, caller }) => listingOffers(db, caller, query, clock.now()),
    alreadyOffered: ({ body, caller }) => alreadyOffered(db, caller, body.listingRefnum, clock.now()),
    byBuyer: ({ query, caller }) => buyerListings(db, caller, query, clock.now()),
    offerToLikers: ({ body, caller }) => {
      assertMemberMay(caller, 'offer');
      return offerToLikers({ db, clock, runner }, caller, body);
    },
    likers: ({ query, caller }) => listingLikers(db, caller, query.listingRefnum, clock.now()),
  }),
  // Every offer step, whoever takes it (a checkout superseding or lapsing one too): its line, the live event.
  processes: (registry, s) => {
    registry.implement(offerProcess, 'releaseReservation', releaseReservation);
    registry.onTransition(offerProcess, {}, offerLinesEffect(s));
    registry.onTransition(offerProcess, {}, offerLiveEffect(s));
    registry.takeTimers(offerProcess, offerTimerTaking);
    // An order paid at an accepted offer that is cancelled or returned closes that offer.
    registry.onTransition(orderProcess, {}, closeOfferOfEndedOrder(s.runner));
  },
  jobs: ({ runner }) => [endedMembershipsJob(runner)],
});

import type { RentalConversation } from '@yardly/shared/contract';
import { profileMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { positiveInt } from '../../lib/product-query';
import { Breadcrumbs } from '../Breadcrumbs';
import { Pagination } from '../Pagination';
import { ProfileHeader } from '../profile/ProfileHeader';
import { useFullProfile } from '../profile/use-full-profile';
import { Spinner } from '../Spinner';
import { LandlordListings } from './LandlordListings';
import { RentalConversationList } from './RentalConversationList';
import {
  type MyRentalsTab,
  myRentalsTabOf,
  RENTALS_HOME,
  rentalsListingPath,
  rentalsMyProfilePath,
} from './rental-paths';

const TAB_LABELS: Record<MyRentalsTab, string> = { landlord: 'My listings', tetants: 'Tenants' };
const TENANT_PAGE_SIZE = 10;

/**
 * /rentalsmyprofile (spec section 2, My rentals profile): the own header, the landlord tab
 * (labelled My listings, with 'List a place') with the landlord's places and their actions, and
 * the `tetants` tab with the caller's conversations as a tenant. A missing tab goes to landlord.
 */
export function MyRentalsProfile() {
  const [tab, setTab] = useState<MyRentalsTab | null>(null);
  const { profile, error, load } = useFullProfile('MyRentalsProfile');

  useEffect(() => {
    void requireSignedIn(RENTALS_HOME).then((session) => {
      if (!session) return;
      const asked = myRentalsTabOf(new URLSearchParams(window.location.search).get('current_tab'));
      if (!asked) window.history.replaceState(null, '', rentalsMyProfilePath('landlord'));
      setTab(asked ?? 'landlord');
      void load();
    });
  }, [load]);

  return (
    <div className="container profile-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: RENTALS_HOME }, { label: 'My Profile' }]} />
      <h1>My Profile</h1>
      {error ? (
        <p className="state-message state-message--error">{profileMessages.fetchError}</p>
      ) : profile && tab ? (
        <>
          <ProfileHeader profile={profile} editable onChanged={() => void load()} />
          <nav className="tabs" aria-label="My rentals">
            {(Object.keys(TAB_LABELS) as MyRentalsTab[]).map((key) => (
              <a key={key} href={rentalsMyProfilePath(key)} aria-current={key === tab ? 'page' : undefined}>
                {TAB_LABELS[key]}
              </a>
            ))}
          </nav>
          {tab === 'landlord' ? (
            <>
              <p className="rentals-tab__actions">
                <a className="button" href={rentalsListingPath()}>
                  List a place
                </a>
              </p>
              <LandlordListings
                userRefnum={profile.user.refnum}
                mine
                pathFor={(page) => rentalsMyProfilePath('landlord', page)}
                label="My listings"
              />
            </>
          ) : (
            <TenantConversations />
          )}
        </>
      ) : (
        <Spinner label="Loading your profile" />
      )}
    </div>
  );
}

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; conversations: RentalConversation[]; total: number };

/** The caller's conversations as a tenant (type buy), latest first, paged. */
function TenantConversations() {
  const [page, setPage] = useState(() =>
    positiveInt(new URLSearchParams(window.location.search).get('page'), 1, 10_000),
  );
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    browserApi.rentalMessages
      .conversations({ type: 'buy', page: page - 1, size: TENANT_PAGE_SIZE, orderBy: 'lastUpdated', asc: 'false' })
      .then(
        ({ conversations }) =>
          current &&
          setLoad({ status: 'done', conversations: conversations.content, total: conversations.totalElements }),
        (cause: unknown) => {
          logFailure('Could not load your tenant conversations', cause);
          if (current) setLoad({ status: 'error' });
        },
      );
    return () => {
      current = false;
    };
  }, [page]);

  if (load.status === 'loading') return <Spinner label="Loading your conversations" />;
  if (load.status === 'error')
    return <p className="state-message state-message--error">{profileMessages.fetchError}</p>;
  if (load.conversations.length === 0) {
    return <p className="state-message">No conversations yet: message a landlord from a place you like.</p>;
  }
  return (
    <>
      <RentalConversationList conversations={load.conversations} label="Your conversations with landlords" />
      <Pagination
        page={page}
        totalPages={Math.ceil(load.total / TENANT_PAGE_SIZE)}
        hrefFor={(target) => rentalsMyProfilePath('tetants', target)}
        onChange={(target) => {
          window.history.pushState(null, '', rentalsMyProfilePath('tetants', target));
          window.scrollTo({ top: 0 });
          setPage(target);
        }}
      />
    </>
  );
}

import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { CategoryNode, CategoryProperty } from '@yardly/shared/contract';
import { isRefnum } from '@yardly/shared/contract';
import { listingActionMessages, organisationFlowMessages, tradeRefusal } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireCompleteAccount } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import type { ListOrganisation } from '../../lib/product-load';
import { itemPath } from '../../lib/routes';
import { dashboardPath } from '../../lib/selling-paths';
import { $location } from '../../stores/location';
import type { Session } from '../../stores/session';
import { showToast } from '../../stores/toast';
import { useDraftLeaveGuard } from '../account/use-leave-guard';
import { FormNotice } from '../auth/fields';
import { Spinner } from '../Spinner';
import { ListingFormFields } from './ListingFormFields';
import {
  emptyValues,
  type FieldErrors,
  type FormValues,
  toRequest,
  validate,
  valuesFromListing,
} from './listing-form-state';
import { type Picture, usePhotoUploadWait } from './PhotoSlots';
import '../../styles/selling.css';

type Load =
  | { status: 'loading' }
  | { status: 'refused'; message: string }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      session: Session;
      tree: CategoryNode[];
      draftRefnum: string;
      editing: string | null;
      values: FormValues;
      pictures: Picture[];
      /** The organisation whose marketplace the listing is in (the form sends it), or null. */
      orgRefnum: string | null;
      /** A new listing in an organisation that waives the commission between its members. */
      commissionWaived: boolean;
    };

async function loadForm(session: Session, org: ListOrganisation | undefined): Promise<Load> {
  const listingRefnum = new URLSearchParams(window.location.search).get('listingRefnum');
  const editing = listingRefnum && isRefnum(listingRefnum) ? listingRefnum : null;
  const [tree, draft, detail] = await Promise.all([
    browserApi.categories.all(),
    browserApi.listings.draftRefnum(editing ? { listingRefnum: editing } : {}),
    editing ? browserApi.listings.detail({ listingRefnum: editing }) : Promise.resolve(null),
  ]);
  const values = detail?.listing ? valuesFromListing(detail.listing) : emptyValues($location.get()?.zip ?? '');
  return {
    status: 'ready',
    session,
    tree,
    draftRefnum: draft.inputSourceRandomRefnum,
    editing,
    values,
    pictures: draft.pictures,
    // An edited listing stays in its own marketplace; a new one goes to the page's organisation's.
    orgRefnum: detail?.listing ? detail.listing.orgRefnum : (org?.orgRefnum ?? null),
    commissionWaived: !detail?.listing && Boolean(org?.commissionWaived),
  };
}

/**
 * /creatinglist: create a listing, save it as a draft, publish it, or edit one (?listingRefnum=).
 * At /client/{orgName}/creatinglist (`org`) the listing goes to the organisation's marketplace,
 * which only its verified members may sell in.
 */
export function ListingFormPage({ org }: { org?: ListOrganisation }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    void requireCompleteAccount().then(async (session) => {
      if (!session) return;
      // Members of an organisation in review or rejected may browse, not sell (spec section 4).
      const refusal =
        tradeRefusal(session.companyStatus) ??
        (org && !(session.isOrganizationB2B && session.orgRefnum === org.orgRefnum)
          ? organisationFlowMessages.notMember
          : null);
      if (refusal) {
        setLoad({ status: 'refused', message: refusal });
        return;
      }
      try {
        setLoad(await loadForm(session, org));
      } catch (cause) {
        logFailure('Could not open the listing form', cause);
        const message = cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE;
        setLoad(
          cause instanceof ApiError && cause.status === 403
            ? { status: 'refused', message }
            : { status: 'error', message },
        );
      }
    });
  }, [org]);

  if (load.status === 'loading') return <Spinner label="Loading the form" />;
  if (load.status !== 'ready') {
    return (
      <section className="selling-page">
        <h1>Sell an item</h1>
        <p className={load.status === 'error' ? 'form-alert' : 'form-notice'} role="alert">
          {load.message}
        </p>
      </section>
    );
  }
  return <ListingEditor {...load} />;
}

function ListingEditor(props: Extract<Load, { status: 'ready' }>) {
  const [values, setValues] = useState<FormValues>(props.values);
  const [pictures, setPictures] = useState<Picture[]>(props.pictures);
  const [properties, setProperties] = useState<CategoryProperty[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState<'draft' | 'publish' | null>(null);
  // A photo still on its way would be left out of what is saved: saving waits for it.
  const photoWait = usePhotoUploadWait();
  const busy = sending !== null || photoWait !== null;
  // The unsaved-changes guard every form has (spec section 4): leaving a changed form asks first.
  const leaveWithoutAsking = useDraftLeaveGuard(values, props.values, pictures.length, props.pictures.length);
  const verified = props.session.isProfessionVerified && props.session.companyStatus === 'VERIFIED';

  useEffect(() => {
    if (!values.categoryRefnum) {
      setProperties([]);
      return;
    }
    let current = true;
    browserApi.categories.properties({ categoryRefnum: values.categoryRefnum }).then(
      (list) => current && setProperties(list.filter((p) => p.key !== 'condition')),
      (cause: unknown) => logFailure('Could not load the category properties', cause),
    );
    return () => {
      current = false;
    };
  }, [values.categoryRefnum]);

  async function submit(draft: boolean) {
    const context = { draftRefnum: props.draftRefnum, draft, tree: props.tree, sellerHasVerifiedWorkEmail: verified };
    const found = validate(values, context);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast(Object.values(found)[0] ?? GENERIC_ERROR_MESSAGE, 'error');
      return;
    }
    setSending(draft ? 'draft' : 'publish');
    try {
      const saved = await browserApi.listings.create(toRequest(values, props.draftRefnum, draft, props.orgRefnum));
      leaveWithoutAsking();
      if (saved.listingStatus === 'draft') {
        showToast(listingActionMessages.saved, 'success');
        window.location.assign(dashboardPath('selling'));
      } else {
        showToast(listingActionMessages.published, 'success');
        window.location.assign(itemPath(saved.listingRefnum));
      }
    } catch (cause) {
      logFailure('Could not save the listing', cause);
      if (cause instanceof ApiError && cause.errors.length > 0) {
        setErrors(Object.fromEntries(cause.errors.map((e) => [e.field.replace(/^body\./, ''), e.message])));
      }
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
      setSending(null);
    }
  }

  return (
    <section className="selling-page">
      <h1>{props.editing ? 'Edit your listing' : 'Sell an item'}</h1>
      <form
        className="listing-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <ListingFormFields
          values={values}
          onChange={(patch) => setValues((now) => ({ ...now, ...patch }))}
          errors={errors}
          tree={props.tree}
          properties={properties}
          draftRefnum={props.draftRefnum}
          pictures={pictures}
          onPictures={setPictures}
          sellerHasVerifiedWorkEmail={verified}
          commissionWaived={props.commissionWaived}
        />
        <div className="listing-form__actions">
          <FormNotice>{photoWait}</FormNotice>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void submit(true)}>
            {sending === 'draft' ? 'Saving…' : 'Save as draft'}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {sending === 'publish' ? 'Publishing…' : props.editing ? 'Save and publish' : 'Publish listing'}
          </button>
        </div>
      </form>
    </section>
  );
}

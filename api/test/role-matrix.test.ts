import {
  alreadyOfferedCall,
  type Call,
  conversationsCall,
  createOfferCall,
  favouriteCalls,
  type LoginData,
  rentalMessagingCalls,
  reportCalls,
} from '@yardly/shared/contract';
import { type AdminVerb, mayAdmin, type UserRole } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  draftPhotos,
  favourites,
  listingDrafts,
  listings,
  payoutAccounts,
  savedCards,
  users,
} from '../src/db/schema/index';
import { savedCardOf } from './card-helpers';
import { HOME } from './checkout-helpers';
import { adminResourceCalls, adminResourceOf, type ContractCall, contractCalls, inPath } from './contract-calls';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, signedUp } from './identity-helpers';
import { withRoles } from './role-helpers';
import { auth, draftRef, image, multipart, publishedListing, subCategory } from './selling-helpers';
import { fieldsOf, validOf } from './zod-arbitraries';

/*
 * Every call of the contract and every console resource × verb of roles.ts, made by each of
 * five people: anonymous, the owner of the objects the request names, another user, a limited
 * admin and an admin. What each may do is read from the declarations, never written per call:
 * - a call's `auth` flag: 'required' refuses anonymous;
 * - an admin call (`/admin/<resource>`) and a console resource: `mayAdmin` of roles.ts;
 * - a signed-in call naming the owner's listing, draft or address acts on it: only the owner may.
 * A 2xx where the declaration refuses is a failure; a refusal where it allows is printed.
 * Each call gets fresh objects of its owner, and the owner goes last, so a call that deletes
 * or sells leaves the next one its own objects; before the owner's turn, the owner's rows must
 * be exactly as they were (another's 2xx changed nothing of theirs).
 */

/**
 * The calls a person makes about someone else's listing (their summaries: "not your own"), and
 * the ones that name a listing to answer only the caller's own rows about it (conversations).
 */
const ABOUT_ANOTHERS_LISTING = new Set<Call>([
  favouriteCalls.add,
  favouriteCalls.remove,
  reportCalls.create,
  createOfferCall,
  alreadyOfferedCall,
  conversationsCall,
  // A rental's conversations the caller is in: for anyone else, their own (none), never the owner's.
  rentalMessagingCalls.ofListing,
]);

type Person = 'anonymous' | 'other user' | 'limited admin' | 'admin' | 'owner';
/** The owner last: its calls may delete or sell what the others were refused. */
const PEOPLE: Person[] = ['anonymous', 'other user', 'limited admin', 'admin', 'owner'];
const ROLES: Record<Person, UserRole[]> = {
  anonymous: [],
  owner: ['ROLE_USER'],
  'other user': ['ROLE_USER'],
  'limited admin': ['ROLE_USER', 'ROLE_LIMITED_ADMIN'],
  admin: ['ROLE_USER', 'ROLE_ADMIN'],
};
const VERB_OF_METHOD: Record<string, AdminVerb> = {
  GET: 'list',
  POST: 'create',
  PUT: 'edit',
  PATCH: 'edit',
  DELETE: 'delete',
};

const ADDRESS = HOME;

let t: TestApp;
let logins: Record<Exclude<Person, 'anonymous'>, LoginData>;
let ownerId: number;
let sellerToken: string;
let category: string;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signedUp(t, freshEmail('owner'));
  logins = {
    owner,
    'other user': await signedUp(t, freshEmail('other')),
    'limited admin': await withRoles(t, await signedUp(t, freshEmail('limited')), ROLES['limited admin']),
    admin: await withRoles(t, await signedUp(t, freshEmail('admin')), ROLES.admin),
  };
  sellerToken = (await signedUp(t, freshEmail('seller'))).token;
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, owner.userRefnum));
  ownerId = row?.id ?? 0;
  category = await subCategory(t, 'Dinnerware & Glassware');
});
afterAll(() => t?.close());

function send(method: string, url: string, person: Person, payload?: unknown, headers: Record<string, string> = {}) {
  const token = person === 'anonymous' ? undefined : logins[person].token;
  return t.app.inject({
    method: method as 'GET',
    url,
    ...(payload !== undefined && { payload: payload as object }),
    headers: { ...headers, ...(token ? auth(token) : {}) },
  });
}

/** The owner's objects a call's request can name, made fresh for that call. */
async function ownersObjects(fields: Record<string, unknown>, aboutAnothers: boolean) {
  const owner = logins.owner.token;
  const values: Record<string, string> = {};
  const named = (...names: string[]) => names.some((name) => name in fields);
  if (named('listingRefnum', 'refnum')) {
    // About another's listing: the seller's, which the owner has saved (the owner's favourite).
    const listing = await publishedListing(t, aboutAnothers ? sellerToken : owner);
    if (aboutAnothers) await send('POST', `/svc/fav/create?listingRefnum=${listing}`, 'owner');
    values.listingRefnum = values.refnum = listing;
  }
  if (named('inputSourceRandomRefnum')) values.inputSourceRandomRefnum = await draftRef(t, owner);
  if (named('addressId', 'id')) {
    const saved = await send('POST', '/svc/account/saveAddress', 'owner', ADDRESS);
    values.addressId = values.id = json<{ data: { id: string } }>(saved).data.id;
  }
  if (named('cardId', 'paymentCardId')) {
    values.cardId = values.paymentCardId = (await savedCardOf(t, logins.owner.userRefnum)).id;
  }
  return values;
}

/**
 * Valid values by field name, for the fields whose rules a random value seldom meets (a
 * password's, a routing number's checksum); a field takes one only where its schema accepts it.
 */
const COMMON_VALUES = (): Record<string, unknown> => ({
  ...ADDRESS,
  categoryRefnum: category,
  sellerRefnum: logins.owner.userRefnum,
  userRefnum: logins.owner.userRefnum,
  password: GOOD_PASSWORD,
  nameFirst: 'Ann',
  nameLast: 'Lee',
  accountHolder: 'Ann Lee',
  routingNumber: '011000015',
  accountNumber: '000123456789',
  // A category's specifics are checked against its offered values before the draft's owner is:
  // random ones would make every caller's request a 400 (none at all is valid).
  properties: {},
  // A rental's refined fields (a real calendar day, bathrooms in half steps) and values of the
  // console's attribute lists, which the server checks before the draft's owner, as a category's specifics.
  availableFrom: '2026-09-01',
  bathrooms: 1.5,
  propertyType: 'apartment',
  parking: 'street',
  laundry: 'in_unit',
  leaseMonths: 12,
  // The dev clock's call runs without moving time: a random jump would expire every token of the calls after it.
  advanceMinutes: 0,
});

/** A request the schema accepts, with the named objects' refnums in their fields (the fields it has). */
function validRequest(schema: Call['body'], values: Record<string, unknown>, seed: number): unknown {
  if (!schema) return undefined;
  const fields = fieldsOf(schema);
  const fill = (sample: unknown) => {
    if (typeof sample !== 'object' || sample === null) return sample;
    const filled: Record<string, unknown> = { ...sample };
    for (const [name, value] of Object.entries(values)) {
      if (fields[name]?.safeParse(value).success) filled[name] = value;
    }
    return filled;
  };
  const samples = fc.sample(validOf(schema), { seed, numRuns: 60 }).map(fill);
  return samples.find((sample) => schema.safeParse(sample).success) ?? samples[0];
}

function toQuery(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) if (item !== undefined) params.append(key, String(item));
  return params.size ? `?${params}` : '';
}

/** The owner's rows: none may change while someone else calls. */
async function ownersRows() {
  const db = t.database.db;
  const drafts = await db.select().from(listingDrafts).where(eq(listingDrafts.ownerId, ownerId));
  return JSON.stringify({
    user: await db.select().from(users).where(eq(users.id, ownerId)),
    listings: await db.select().from(listings).where(eq(listings.sellerId, ownerId)).orderBy(listings.id),
    addresses: await db.select().from(addresses).where(eq(addresses.userId, ownerId)).orderBy(addresses.id),
    favourites: await db.select().from(favourites).where(eq(favourites.userId, ownerId)),
    payout: await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, ownerId)),
    cards: await db.select().from(savedCards).where(eq(savedCards.userId, ownerId)).orderBy(savedCards.id),
    drafts,
    photos: await Promise.all(drafts.map((d) => db.select().from(draftPhotos).where(eq(draftPhotos.draftId, d.id)))),
  });
}

interface Outcome {
  where: string;
  allowed: boolean;
  status: number;
}

function allowedFor(person: Person, call: Call, namesOwned: boolean): boolean {
  if (person === 'anonymous' && call.auth === 'required') return false;
  const resource = adminResourceOf(call);
  if (resource) return mayAdmin(ROLES[person], resource, VERB_OF_METHOD[call.method] ?? 'edit');
  if (namesOwned && call.auth === 'required' && person !== 'owner') return false;
  return true;
}

async function contractCallOutcomes({ name, call, url }: ContractCall, index: number): Promise<Outcome[]> {
  const aboutAnothers = ABOUT_ANOTHERS_LISTING.has(call);
  const fields = { ...(call.query && fieldsOf(call.query)), ...(call.body && fieldsOf(call.body)) };
  const owned = call.auth === 'required' ? await ownersObjects(fields, aboutAnothers) : {};
  const values = { ...COMMON_VALUES(), ...owned };
  const namesOwned = Object.keys(owned).length > 0 && !aboutAnothers;
  // A path field (`/messages/{conversationId}`) goes in the path, the rest in the query string.
  const { path, rest } = inPath(url, validRequest(call.query, values, index) as Record<string, unknown> | undefined);
  const target = `${path}${toQuery(rest)}`;
  // An upload's body is a real photo under the call's field name.
  const upload = call.upload ? await multipart(await image(64, 48), call.upload) : undefined;
  const body = upload?.payload ?? validRequest(call.body, values, index);
  const outcomes: Outcome[] = [];
  let before = '';
  for (const person of PEOPLE) {
    if (person === 'owner' && namesOwned) {
      expect(await ownersRows(), `${name}: another person's call changed the owner's rows`).toBe(before);
    }
    if (person === 'anonymous') before = await ownersRows();
    const payload = body ?? (call.method === 'GET' ? undefined : {});
    const res = await send(call.method, target, person, payload, upload?.headers);
    outcomes.push({
      where: `${person} ${call.method} ${url} (${name}${namesOwned ? ", naming the owner's objects" : ''})`,
      allowed: allowedFor(person, call, namesOwned),
      status: res.statusCode,
    });
  }
  return outcomes;
}

async function adminResourceOutcomes(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const { resource, verb, method, url } of adminResourceCalls(t.app)) {
    const list = await send('GET', `/svc/admin/${resource}?range=[0,0]`, 'admin');
    const id = String(json<{ id: string | number }[]>(list)[0]?.id ?? 1);
    for (const person of PEOPLE) {
      const res = await send(method, url.replace(':id', id), person, method === 'GET' ? undefined : {});
      outcomes.push({
        where: `${person} ${method} ${url} (${resource}: ${verb})`,
        allowed: person !== 'anonymous' && mayAdmin(ROLES[person], resource, verb),
        status: res.statusCode,
      });
    }
  }
  return outcomes;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const isRefusal = (status: number) => status === 401 || status === 403 || status === 404;

describe('the role × call matrix', () => {
  it('gives no one a 2xx the declarations refuse, on every call and console resource', async () => {
    const outcomes: Outcome[] = [];
    for (const [index, entry] of contractCalls().entries())
      outcomes.push(...(await contractCallOutcomes(entry, index)));
    outcomes.push(...(await adminResourceOutcomes()));

    const unexpectedSuccess = outcomes.filter((o) => !o.allowed && isSuccess(o.status));
    const unexpectedRefusal = outcomes.filter((o) => o.allowed && isRefusal(o.status));
    const wrongRefusal = outcomes.filter((o) => !o.allowed && !isSuccess(o.status) && !isRefusal(o.status));
    const show = (list: Outcome[]) => list.map((o) => `${o.where} → ${o.status}`);
    console.log(
      `role matrix: ${outcomes.length} requests, ${outcomes.filter((o) => !o.allowed).length} to be refused; ` +
        `${unexpectedSuccess.length} unexpected 2xx, ${unexpectedRefusal.length} unexpected refusals`,
    );
    if (unexpectedRefusal.length)
      console.log(`allowed by the declarations, refused:\n${show(unexpectedRefusal).join('\n')}`);
    expect(show(unexpectedSuccess)).toEqual([]);
    // Refused with something other than 401, 403 or 404 (a 400 would hide a missing check behind validation).
    expect(show(wrongRefusal)).toEqual([]);
    // Every call of every issue, five people each: minutes on a loaded two-core machine.
  }, 240_000);
});

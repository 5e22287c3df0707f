import type { RentalForm } from '@yardly/shared/contract';
import { expect } from 'vitest';
import { json, type TestApp } from './harness';
import { auth, image, multipart } from './selling-helpers';

/** A call at the root (rental paths are not under /svc), as someone or as a guest. */
export function rentalCall(t: TestApp, method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: token ? auth(token) : {} });
}

/** A new rental form's working copy (`inputSourceRandomRefnum`); with refnum, one editing that listing. */
export async function rentalDraftRef(t: TestApp, token: string, refnum?: string): Promise<string> {
  const res = await rentalCall(
    t,
    'GET',
    `/rental/listings/inputSourceRandomRefnum${refnum ? `?refnum=${refnum}` : ''}`,
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { inputSourceRandomRefnum: string } }>(res).data.inputSourceRandomRefnum;
}

export async function uploadRentalPhoto(t: TestApp, token: string, ref: string, picno: number, data?: Buffer) {
  const body = await multipart(data ?? (await image()));
  return t.app.inject({
    method: 'POST',
    url: `/rental/listings/picture?inputSourceRandomRefnum=${ref}&picno=${picno}`,
    payload: body.payload,
    headers: { ...auth(token), ...body.headers },
  });
}

/** A two-bedroom in Manhattan whose street line is hidden: the form as a landlord fills it. */
export function rentalForm(ref: string, overrides: Partial<RentalForm> = {}): RentalForm {
  return {
    inputSourceRandomRefnum: ref,
    title: 'Sunny two-bedroom near the park',
    description: 'Bright corner flat, renovated kitchen, two minutes from the subway.',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 1.5,
    squareFeet: 850,
    expectedRent: 320_000,
    deposit: 320_000,
    availableFrom: '2026-12-01',
    leaseMonths: 12,
    cats: true,
    dogs: false,
    parking: 'street',
    laundry: 'in_building',
    furnished: false,
    utilitiesIncluded: false,
    line1: '221 West 21st Street, Apt 4B',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    showStreet: false,
    draft: false,
    ...overrides,
  };
}

export function createRental(t: TestApp, token: string, form: RentalForm) {
  return rentalCall(t, 'POST', '/rental/listings/create', token, form);
}

/** Create (and publish, unless `draft`) a rental; its refnum. */
export async function listedRental(t: TestApp, token: string, overrides: Partial<RentalForm> = {}): Promise<string> {
  const res = await createRental(t, token, rentalForm(await rentalDraftRef(t, token), overrides));
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { refnum: string } }>(res).data.refnum;
}

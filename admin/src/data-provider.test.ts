import { createHttpClient } from '@yardly/shared/client';
import { describe, expect, it } from 'vitest';
import { apiResourceOf, makeDataProvider } from './data-provider';
import { makeHttpClient } from './http-client';

const ADMIN_URL = 'http://yardly.test/svc/admin';
const DONATION = 'DN01ARZ3NDEK';

/** A data provider whose fetch answers `body` (with `headers`) and records each request. */
function providerAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  };
  const http = makeHttpClient(createHttpClient({ fetch, session: { accessToken: () => 'token-123' } }));
  return { provider: makeDataProvider(ADMIN_URL, http), requests };
}

describe('the data provider', () => {
  it('sends process-donations to the api resource donations, and every other resource to its own', () => {
    expect(apiResourceOf('process-donations')).toBe('donations');
    expect(apiResourceOf('donations')).toBe('donations');
    expect(apiResourceOf('returns')).toBe('returns');
  });

  it("PUTs an admin's status change on /svc/admin/donations/{id} with the change body only", async () => {
    const record = { id: DONATION, state: 'pickedUp', actions: ['receive'] };
    const { provider, requests } = providerAnswering(200, { code: 200, data: record });

    const { data } = await provider.update('process-donations', {
      id: DONATION,
      data: { event: 'pickUp' },
      previousData: { id: DONATION, state: 'pickupConfirmed' },
    });

    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('PUT');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe(`/svc/admin/donations/${DONATION}`);
    expect(await requests[0]?.json()).toEqual({ event: 'pickUp' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(data).toEqual(record);
  });

  it('PUTs a contact note the same way', async () => {
    const { provider, requests } = providerAnswering(200, { id: DONATION });
    await provider.update('process-donations', {
      id: DONATION,
      data: { contactNote: 'Called the donor' },
      previousData: { id: DONATION },
    });
    expect(await requests[0]?.json()).toEqual({ contactNote: 'Called the donor' });
  });

  it("reads the process-donations queue from the donations list with the view's filters and sort", async () => {
    const rows = [{ id: DONATION, state: 'pickupConfirmed', overdue: true }];
    const { provider, requests } = providerAnswering(200, rows, { 'Content-Range': 'donations 0-0/1' });

    const { data, total } = await provider.getList('process-donations', {
      filter: { state: 'pickupConfirmed', overdue: 'true' },
      sort: { field: 'createdAt', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
    });

    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/svc/admin/donations');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ state: 'pickupConfirmed', overdue: 'true' });
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['createdAt', 'ASC']);
    expect(data).toEqual(rows);
    expect(total).toBe(1);
  });

  it('reads one donation of either view from the same api record', async () => {
    const { provider, requests } = providerAnswering(200, { code: 200, data: { id: DONATION } });
    await provider.getOne('process-donations', { id: DONATION });
    await provider.getOne('donations', { id: DONATION });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      `/svc/admin/donations/${DONATION}`,
      `/svc/admin/donations/${DONATION}`,
    ]);
  });

  it('leaves the other resources on their own paths', async () => {
    const { provider, requests } = providerAnswering(200, { id: 'R01ARZ3NDEKT' });
    await provider.getOne('returns', { id: 'R01ARZ3NDEKT' });
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/svc/admin/returns/R01ARZ3NDEKT');
  });

  it("rejects a refused change with the api's message, for the notification", async () => {
    const { provider } = providerAnswering(409, { code: 409, msg: 'This donation has already been picked up' });
    await expect(
      provider.update('process-donations', { id: DONATION, data: { event: 'pickUp' }, previousData: { id: DONATION } }),
    ).rejects.toMatchObject({ status: 409, message: 'This donation has already been picked up' });
  });
});

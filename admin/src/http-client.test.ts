import { createHttpClient } from '@yardly/shared/client';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { makeHttpClient } from './http-client';

const BASE = 'http://yardly.test/svc/admin';

/** An httpClient whose fetch answers with `body` and records each request it was given. */
function clientAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...headers } });
  };
  const shared = createHttpClient({ fetch, session: { accessToken: () => 'token-123' } });
  return { httpClient: makeHttpClient(shared), requests };
}

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('admin httpClient', () => {
  it('passes a plain list through with its Content-Range, sending the token', async () => {
    const rows = [{ id: 'C01ARZ3NDEKT', name: 'Furniture' }];
    const { httpClient, requests } = clientAnswering(200, rows, { 'Content-Range': 'categories 0-0/1' });

    const result = await httpClient(`${BASE}/categories`, { headers: new Headers({ Range: 'categories=0-24' }) });

    expect(result.status).toBe(200);
    expect(result.json).toEqual(rows);
    expect(result.headers.get('Content-Range')).toBe('categories 0-0/1');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]?.headers.get('Range')).toBe('categories=0-24');
  });

  it('unwraps an enveloped record and leaves a plain record alone', async () => {
    const record = { id: 'B01ARZ3NDEKT', title: 'Spring sale' };
    const enveloped = clientAnswering(200, { code: 200, data: record });
    expect((await enveloped.httpClient(`${BASE}/banners/1`)).json).toEqual(record);

    // A record that happens to have `code` and `data` fields is not an envelope.
    const plain = { id: 'D01ARZ3NDEKT', code: 7, data: 'x', name: 'Promo' };
    const plainClient = clientAnswering(200, plain);
    expect((await plainClient.httpClient(`${BASE}/banners/2`)).json).toEqual(plain);
  });

  it('sends a JSON body as JSON', async () => {
    const { httpClient, requests } = clientAnswering(200, { id: 'B01ARZ3NDEKT' });
    await httpClient(`${BASE}/banners`, { method: 'POST', body: JSON.stringify({ title: 'Hi' }) });

    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(await requests[0]?.text()).toBe('{"title":"Hi"}');
  });

  it('puts 400 field errors on the fields, with the first message as the error message', async () => {
    const { httpClient } = clientAnswering(400, {
      code: 400,
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'address.zip', message: 'Enter a valid US zip code' },
        { field: 'name', message: 'A second complaint about name' },
      ],
    });

    const error = await failureOf(httpClient(`${BASE}/organizations`, { method: 'POST', body: '{}' }));

    expect(error.status).toBe(400);
    expect(error.message).toBe('Name is required');
    expect(error.body.errors).toEqual({ name: 'Name is required', 'address.zip': 'Enter a valid US zip code' });
  });

  it("prefers the envelope's msg and shows it as the form's own message", async () => {
    const { httpClient } = clientAnswering(400, {
      code: 400,
      msg: 'Please correct the highlighted fields',
      errors: [{ field: 'slug', message: 'This slug is already used' }],
    });

    const error = await failureOf(httpClient(`${BASE}/categories`, { method: 'POST', body: '{}' }));

    expect(error.message).toBe('Please correct the highlighted fields');
    expect(error.body.errors).toEqual({
      slug: 'This slug is already used',
      root: { serverError: 'Please correct the highlighted fields' },
    });
  });

  it('carries the status and msg of a refusal, so the auth provider can act on 401 and 403', async () => {
    const forbidden = clientAnswering(403, { code: 403, msg: 'Only an admin may do this' });
    const error = await failureOf(forbidden.httpClient(`${BASE}/users`));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Only an admin may do this');
    expect(error.body.errors).toBeUndefined();

    const conflict = clientAnswering(409, { code: 409, msg: 'This item is already sold' });
    expect((await failureOf(conflict.httpClient(`${BASE}/orders/1`, { method: 'PUT', body: '{}' }))).message).toBe(
      'This item is already sold',
    );
  });

  it('treats an envelope with a failure code as a failure even on HTTP 200', async () => {
    const { httpClient } = clientAnswering(200, { code: 404, msg: 'This listing no longer exists' });
    const error = await failureOf(httpClient(`${BASE}/listings/1`));
    expect(error.message).toBe('This listing no longer exists');
  });

  it('falls back to the generic message when the answer is not the envelope', async () => {
    const { httpClient } = clientAnswering(502, '<html>Bad gateway</html>');
    const error = await failureOf(httpClient(`${BASE}/users`));
    expect(error.status).toBe(502);
    expect(error.message).toBe('There was an error, please try again');
  });
});

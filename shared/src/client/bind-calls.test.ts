import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../contract/call';
import { bindCalls } from './bind-calls';
import { createHttpClient } from './http-client';

const answer = z.object({ ok: z.boolean() });
const calls = {
  find: defineCall({
    method: 'GET',
    path: '/things',
    auth: 'none',
    summary: 'query',
    query: z.object({ q: z.string() }),
    response: answer,
  }),
  save: defineCall({
    method: 'POST',
    path: '/things',
    auth: 'none',
    summary: 'body',
    body: z.object({ name: z.string() }),
    response: answer,
  }),
  ping: defineCall({ method: 'GET', path: '/ping', auth: 'none', summary: 'nothing', response: answer }),
  upload: defineCall({
    method: 'POST',
    path: '/things/photo',
    auth: 'none',
    summary: 'multipart',
    upload: 'photo',
    query: z.object({ slot: z.coerce.number() }),
    response: answer,
  }),
} as const;

/** A client whose every request is kept and answered with success. */
function recordingClient() {
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init));
    return new Response(JSON.stringify({ code: 200, data: { ok: true } }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { seen, things: bindCalls(createHttpClient({ baseUrl: 'http://api.test/svc', fetch }), calls) };
}

describe('bindCalls', () => {
  it('sends the input as the query when the call has one', async () => {
    const { seen, things } = recordingClient();
    await expect(things.find({ q: 'lamp' })).resolves.toEqual({ ok: true });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('http://api.test/svc/things?q=lamp');
  });

  it('sends the input as the JSON body when the call has a body', async () => {
    const { seen, things } = recordingClient();
    await things.save({ name: 'lamp' });
    expect(seen[0]?.url).toBe('http://api.test/svc/things');
    expect(await seen[0]?.json()).toEqual({ name: 'lamp' });
  });

  it('takes nothing for a call without input', async () => {
    const { seen, things } = recordingClient();
    await things.ping();
    expect(seen[0]?.url).toBe('http://api.test/svc/ping');
  });

  it("sends an upload's file as multipart under the call's field, with its query", async () => {
    const { seen, things } = recordingClient();
    await things.upload(new Blob(['jpeg bytes'], { type: 'image/jpeg' }), { slot: 2 });
    expect(seen[0]?.url).toBe('http://api.test/svc/things/photo?slot=2');
    const form = await seen[0]?.formData();
    const photo = form?.get('photo');
    expect(photo).toBeInstanceOf(Blob);
    expect(await (photo as Blob).text()).toBe('jpeg bytes');
  });
});

// A seller for a benchmark, signed up through the api's dev outbox (development mode only), and
// the envelope-reading call the benches make with their token.

export type BenchCall = <T>(path: string, init?: RequestInit & { token?: string }) => Promise<T>;

/** Calls `${base}/svc${path}` and answers the envelope's data; any other code throws. */
export function benchCall(base: string): BenchCall {
  return async <T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const res = await fetch(`${base}/svc${path}`, { ...init, headers });
    const body = (await res.json()) as { code: number; data: T; msg?: string };
    if (body.code !== 200) throw new Error(`${path}: ${res.status} ${body.msg}`);
    return body.data;
  };
}

/** A new seller's token: signed up, the code read from the dev outbox, the email verified. */
export async function signUpBenchSeller(call: BenchCall): Promise<string> {
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await call('/users/signup', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'Str0ng!pass', nameFirst: 'Bench', nameLast: 'Seller' }),
  });
  // Mail is queued as a job: the code arrives in the outbox a moment later.
  let code: string | undefined;
  for (let tries = 0; !code && tries < 100; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
    const mails = await call<{ text: string }[]>(`/dev/outbox?to=${encodeURIComponent(email)}`);
    code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  }
  const { token } = await call<{ token: string }>('/users/verify-email', {
    method: 'POST',
    body: JSON.stringify({ email, code }),
  });
  return token;
}

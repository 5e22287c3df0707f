import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
// oidc-provider ships no type declarations; the little used here is typed below.
// @ts-expect-error TS7016
import OidcProvider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
const Provider = OidcProvider as ProviderConstructor;

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Add (or replace) an account people can sign in as: its `sub` is the login name. */
  addAccount(account: TestAccount): TestAccount;
  /** While down, every request answers 503 (as an unreachable provider would). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with one confidential client, PKCE
 * required and the development login and consent pages, standing in for Google or LinkedIn.
 */
export async function startTestIdp(options: {
  /** One or more callback URLs the client may be sent back to. */
  redirectUri: string | string[];
  /** A fixed port and client (the browser tests' stand-in); random by default. */
  port?: number;
  client?: { id: string; secret: string };
  /** Accounts made up from the login name, for logins added by nobody. */
  accountOf?: (login: string) => TestAccount;
  /** true: profile and email claims in the id_token (as Google does); false: in userinfo only. */
  claimsInIdToken: boolean;
  authMethod?: 'client_secret_basic' | 'client_secret_post';
  down?: boolean;
  /** The scope that releases name claims (Facebook calls it `public_profile`). */
  profileScope?: string;
  /** Rewrite the discovery document (Facebook's names no token endpoint and only implicit types). */
  discovery?: (document: Record<string, unknown>) => Record<string, unknown>;
}): Promise<TestIdp> {
  const accounts = new Map<string, TestAccount>();
  let down = options.down ?? false;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (down || !handler) {
      res.writeHead(503).end('unavailable');
      return;
    }
    if (options.discovery && req.url?.startsWith('/.well-known/openid-configuration')) {
      rewriteJson(res, options.discovery);
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const clientId = options.client?.id ?? `yardly-${randomUUID().slice(0, 8)}`;
  const clientSecret = options.client?.secret ?? `secret-${randomUUID()}`;
  const authMethod = options.authMethod ?? 'client_secret_basic';
  const profileScope = options.profileScope ?? 'profile';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri].flat(),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: authMethod,
      },
    ],
    clientAuthMethods: [authMethod],
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id) ?? options.accountOf?.(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      [profileScope]: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'email', profileScope],
    pkce: { required: () => true },
    conformIdTokenClaims: !options.claimsInIdToken,
    features: { devInteractions: { enabled: true } },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomUUID()] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  });
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(account) {
      accounts.set(account.sub, account);
      return account;
    },
    setDown(value) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Hold back a JSON answer and send `rewrite(answer)` instead (with its own length). */
function rewriteJson(res: ServerResponse, rewrite: (document: Record<string, unknown>) => Record<string, unknown>) {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res);
  res.write = ((chunk: Buffer | string) => {
    chunks.push(Buffer.from(chunk));
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: Buffer | string) => {
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
    const body = JSON.stringify(rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    res.setHeader('content-length', Buffer.byteLength(body));
    return end(body);
  }) as ServerResponse['end'];
}

/**
 * A browser at the provider: from the authorization URL, log in as `login` and consent (or
 * cancel), following redirects with the provider's cookies, until the provider sends the
 * browser away; answers that URL (the client's callback).
 */
export async function actAtProvider(authorizationUrl: string, as: { login: string } | { cancel: true }): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      const gone = !value || attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
    form = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.toString();
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at the provider: ${html.slice(0, 300)}`);
    if ('cancel' in as) {
      const abort = html.match(/href="([^"]+\/abort)"/)?.[1];
      if (!abort) throw new Error('no cancel link at the provider');
      url = new URL(abort, url).toString();
      continue;
    }
    url = new URL(action, url).toString();
    form = new URLSearchParams(
      prompt === 'login' ? { prompt, login: as.login, password: 'any password' } : { prompt: 'consent' },
    );
  }
  throw new Error('too many hops at the provider');
}

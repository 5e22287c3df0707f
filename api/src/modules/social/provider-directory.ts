import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { SignInError } from './sign-in-error';

/** What the api needs to know of an OpenID provider, read from its discovery document. */
export interface ProviderMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint?: string;
  tokenEndpointAuth: 'client_secret_basic' | 'client_secret_post';
  /** Allowed id_token signature algorithms: asymmetric only (never `none`, never a shared-secret HS*). */
  algorithms: string[];
  keys: JWTVerifyGetKey;
}

const ASYMMETRIC_ALGORITHMS = new Set([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]);
const DEFAULT_ALGORITHMS = ['RS256', 'ES256'];

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url().optional(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  response_types_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});

const DISCOVERY_TIMEOUT_MS = 5_000;
/** Endpoints change rarely; the keys rotate more often and jose refetches them when a `kid` is new. */
const DISCOVERY_TTL_MS = 24 * 3_600_000;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Each issuer's `/.well-known/openid-configuration`, fetched once and kept (a day); a failure is
 * not kept, so the next sign-in tries again. Concurrent sign-ins share one fetch.
 */
export function providerDirectory(options: { ttlMs?: number } = {}) {
  const ttl = options.ttlMs ?? DISCOVERY_TTL_MS;
  const cache = new Map<string, { at: number; metadata: Promise<ProviderMetadata> }>();

  return {
    metadata(issuer: string, known: KnownEndpoints = {}): Promise<ProviderMetadata> {
      const cached = cache.get(issuer);
      if (cached && Date.now() - cached.at < ttl) return cached.metadata;
      const metadata = discover(issuer, known);
      cache.set(issuer, { at: Date.now(), metadata });
      metadata.catch(() => {
        if (cache.get(issuer)?.metadata === metadata) cache.delete(issuer);
      });
      return metadata;
    },
  };
}

export type ProviderDirectory = ReturnType<typeof providerDirectory>;

/** What the configuration knows of a provider that its discovery document may leave out. */
export interface KnownEndpoints {
  tokenEndpoint?: string;
  tokenEndpointAuth?: ProviderMetadata['tokenEndpointAuth'];
}

async function discover(issuer: string, known: KnownEndpoints): Promise<ProviderMetadata> {
  const url = `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`;
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new SignInError('provider_unavailable', `discovery at ${url} failed: ${(error as Error).message}`);
  }
  const parsed = discoverySchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new SignInError('provider_unavailable', `discovery at ${url} cannot serve the code flow: ${problems}`);
  }
  const d = parsed.data;
  // OpenID Connect Discovery 1.0, section 4.3: the document speaks for the issuer asked.
  if (withoutTrailingSlash(d.issuer) !== withoutTrailingSlash(issuer)) {
    throw new SignInError('provider_unavailable', `discovery at ${url} names another issuer: ${d.issuer}`);
  }
  const tokenEndpoint = d.token_endpoint ?? known.tokenEndpoint;
  if (!tokenEndpoint) {
    throw new SignInError('provider_unavailable', `discovery at ${url} names no token endpoint and none is configured`);
  }
  // A configured token endpoint vouches for the code flow (Facebook lists only implicit types).
  if (d.token_endpoint && d.response_types_supported && !d.response_types_supported.includes('code')) {
    throw new SignInError('provider_unavailable', `${d.issuer} does not offer response_type=code`);
  }
  const methods = d.token_endpoint_auth_methods_supported ?? ['client_secret_basic']; // the spec's default
  const tokenEndpointAuth =
    known.tokenEndpointAuth ??
    (methods.includes('client_secret_basic')
      ? 'client_secret_basic'
      : methods.includes('client_secret_post')
        ? 'client_secret_post'
        : undefined);
  if (!tokenEndpointAuth) {
    throw new SignInError('provider_unavailable', `${d.issuer} accepts no client secret at its token endpoint`);
  }
  const offered = (d.id_token_signing_alg_values_supported ?? []).filter((alg) => ASYMMETRIC_ALGORITHMS.has(alg));
  return {
    issuer: d.issuer,
    authorizationEndpoint: d.authorization_endpoint,
    tokenEndpoint,
    userinfoEndpoint: d.userinfo_endpoint,
    tokenEndpointAuth,
    algorithms: offered.length > 0 ? offered : DEFAULT_ALGORITHMS,
    keys: createRemoteJWKSet(new URL(d.jwks_uri)),
  };
}

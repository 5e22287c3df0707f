import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { ProviderMetadata } from './provider-directory';
import { SignInError } from './sign-in-error';

const HTTP_TIMEOUT_MS = 10_000;
/** Seconds of clock difference tolerated between us and the provider. */
const CLOCK_TOLERANCE_S = 60;

/** Who the provider says signed in: the key is (issuer, subject); the rest fills a new account. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
}

const optionalText = z.string().trim().min(1).max(500).optional().catch(undefined);
// Some providers send "true" as a string; anything else unexpected counts as not verified.
const verifiedFlag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .catch(undefined);
const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().max(254).optional().catch(undefined),
  email_verified: verifiedFlag,
  given_name: optionalText,
  family_name: optionalText,
  name: optionalText,
});
type Claims = z.infer<typeof claimsSchema>;

const tokenResponseSchema = z.object({
  id_token: z.string().min(1).optional(),
  access_token: z.string().min(1).optional(),
});

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** RFC 6749 section 2.3.1: each part is form-encoded before the Basic header is made. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** Trade the authorization code (with the PKCE verifier) at the token endpoint. */
export async function exchangeCode(
  meta: ProviderMetadata,
  client: ClientCredentials,
  input: { code: string; redirectUri: string; codeVerifier: string },
): Promise<{ idToken: string; accessToken?: string }> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (meta.tokenEndpointAuth === 'client_secret_basic') {
    const basic = Buffer.from(`${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
  } else {
    form.set('client_id', client.clientId);
    form.set('client_secret', client.clientSecret);
  }
  let response: Response;
  try {
    response = await fetch(meta.tokenEndpoint, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SignInError('provider_unavailable', `token endpoint unreachable: ${(error as Error).message}`);
  }
  // A body that is not JSON is judged below like any unusable answer (status logged, sign-in refused).
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const code = (body as { error?: unknown } | undefined)?.error;
    throw new SignInError('token_exchange_failed', `token endpoint answered ${response.status} ${String(code ?? '')}`);
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success || !parsed.data.id_token) {
    throw new SignInError('invalid_id_token', 'token endpoint answered without an id_token');
  }
  return { idToken: parsed.data.id_token, accessToken: parsed.data.access_token };
}

/**
 * Check the id_token as OpenID Connect Core 3.1.3.7 asks: signature by the issuer's published
 * keys with an allowed algorithm, `iss`, `aud` (and `azp`), `exp`/`iat`, and our `nonce`.
 */
export async function verifyIdToken(
  meta: ProviderMetadata,
  clientId: string,
  idToken: string,
  nonce: string,
): Promise<Claims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, meta.keys, {
      issuer: meta.issuer,
      audience: clientId,
      algorithms: meta.algorithms,
      requiredClaims: ['sub', 'iat', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (error) {
    throw new SignInError(
      keysUnavailable(error) ? 'provider_unavailable' : 'invalid_id_token',
      `id_token refused: ${(error as Error).message}`,
    );
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== clientId) {
    throw new SignInError('invalid_id_token', 'id_token azp is not our client');
  }
  if (typeof payload.nonce !== 'string' || payload.nonce !== nonce) {
    throw new SignInError('invalid_id_token', 'id_token nonce does not match the flow');
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw new SignInError('invalid_id_token', 'id_token has no usable sub');
  return claims.data;
}

/** The keys could not be fetched (as opposed to a token that fails the checks). */
function keysUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error.code === 'ERR_JOSE_GENERIC'
  );
}

/**
 * Claims a provider keeps out of the id_token (a strictly conforming provider puts profile
 * and email claims in userinfo only): read them there, for the same subject only.
 */
export async function fetchUserinfo(meta: ProviderMetadata, accessToken: string, subject: string): Promise<Claims> {
  if (!meta.userinfoEndpoint) throw new SignInError('email_missing', 'no email in the id_token and no userinfo');
  let body: unknown;
  try {
    const response = await fetch(meta.userinfoEndpoint, {
      headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new SignInError('provider_unavailable', `userinfo failed: ${(error as Error).message}`);
  }
  const claims = claimsSchema.safeParse(body);
  // OpenID Connect Core 5.3.2: a userinfo answer for another subject must not be used.
  if (!claims.success || claims.data.sub !== subject) {
    throw new SignInError('invalid_id_token', 'userinfo subject differs from the id_token');
  }
  return claims.data;
}

/** `emailsVerified`: the provider sends confirmed addresses only, so no flag means verified (never a `false` one). */
export function identityOf(issuer: string, claims: Claims, emailsVerified = false): ProviderIdentity {
  return {
    issuer,
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified ?? emailsVerified,
    givenName: claims.given_name,
    familyName: claims.family_name,
    name: claims.name,
  };
}

import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock/clock';

const ALGORITHM = 'HS256';
const ISSUER = 'yardly';
/**
 * A call that left with a token a moment before its end and reached the api a moment after it
 * is still served (RFC 7519 4.1.4 allows such a leeway): the client refreshes a token a second
 * before its end, and a busy server or network takes longer than that now and then, which failed
 * the call with 488 for nothing. Small beside the token's life (15 minutes by default).
 */
export const EXPIRY_LEEWAY_SECONDS = 5;

export interface AccessClaims {
  userId: number;
  userRefnum: string;
  /** The session (sessions.id) the token was issued for: it is refused once that session ends. */
  sessionId: string;
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Short-lived signed JWTs: HS256 only (the algorithm is allow-listed), `exp` always checked.
 * `iat`, `exp` and the check all read the clock, so a moved dev clock expires tokens. Each
 * names its session (`sid`), which the caller's resolution checks is still alive.
 */
export function accessTokens(secret: Uint8Array, ttlSeconds: number, clock: Clock) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    async issue(user: { id: number; refnum: string }, sessionId: string): Promise<string> {
      const issuedAt = nowSeconds();
      return new SignJWT({ uid: user.id, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.refnum)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(secret);
    },
    async check(token: string): Promise<AccessCheck> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: clock.now(),
          clockTolerance: EXPIRY_LEEWAY_SECONDS,
        });
        if (typeof payload.uid !== 'number' || !payload.sub) return { ok: false, reason: 'invalid' };
        // Signed by us before tokens named their session: the client refreshes and gets one that does.
        if (typeof payload.sid !== 'string') return { ok: false, reason: 'expired' };
        return { ok: true, claims: { userId: payload.uid, userRefnum: payload.sub, sessionId: payload.sid } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;

import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock/clock';

const ALGORITHM = 'HS256';
const ISSUER = 'yardly';

export interface AccessClaims {
  userId: number;
  userRefnum: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Short-lived signed JWTs: HS256 only (the algorithm is allow-listed), `exp` always checked.
 * `iat`, `exp` and the check all read the clock, so a moved dev clock expires tokens.
 */
export function accessTokens(secret: Uint8Array, ttlSeconds: number, clock: Clock) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    async issue(user: { id: number; refnum: string }): Promise<string> {
      const issuedAt = nowSeconds();
      return new SignJWT({ uid: user.id })
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
        });
        if (typeof payload.uid !== 'number' || !payload.sub || typeof payload.iat !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, claims: { userId: payload.uid, userRefnum: payload.sub, issuedAt: payload.iat } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;

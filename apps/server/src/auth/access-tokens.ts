import {
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import type { Config } from '../config.js';
import type { DatabaseExecutor } from '../db/client.js';
import { ensureSigningKey } from './signing-keys.js';

/** Our own token type: a provider ID token never carries it, so the two are never confused. */
export const ACCESS_TOKEN_TYPE = 'dxp-access+jwt';
const ACCESS_TOKEN_ALGORITHM = 'Ed25519';

export interface IssuedAccessToken {
  accessToken: string;
  /** Seconds since the epoch, like the `exp` claim. */
  expiresAt: number;
}

/** Whom a token names: the user (`sub`) and the session it belongs to (`sid`). */
export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<IssuedAccessToken>;
  /** The claims of a valid, unexpired token; throws otherwise. */
  verify(token: string): Promise<AccessTokenClaims>;
  /** The claims of a token whose signature, issuer, audience and type are valid, expired or not. */
  verifyAllowingExpiry(token: string): Promise<AccessTokenClaims>;
}

function accessTokenAudienceOf(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/api`;
}

/** Signs and verifies access tokens with the Ed25519 key shared by every replica through the database. */
export async function createAccessTokens(
  db: DatabaseExecutor,
  config: Pick<Config, 'publicUrl' | 'accessTokenTtlSeconds'>,
): Promise<AccessTokens> {
  const stored = await ensureSigningKey(db, 'access-token', async () => {
    const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { extractable: true });
    return exportJWK(privateKey);
  });
  const privateKey = (await importJWK(stored.privateJwk, ACCESS_TOKEN_ALGORITHM)) as CryptoKey;
  const { kty, crv, x } = stored.privateJwk;
  const publicKey = (await importJWK({ kty, crv, x }, ACCESS_TOKEN_ALGORITHM)) as CryptoKey;
  const issuer = config.publicUrl;
  const audience = accessTokenAudienceOf(config);

  const verifyOptions = {
    issuer,
    audience,
    typ: ACCESS_TOKEN_TYPE,
    algorithms: [ACCESS_TOKEN_ALGORITHM],
    requiredClaims: ['sub', 'sid', 'exp'],
  };

  const verified = createVerifiedTokenCache();
  const verify = async (token: string) => {
    const cached = verified.claimsOf(token);
    if (cached) return cached;
    const { payload } = await jwtVerify(token, publicKey, verifyOptions);
    const claims = claimsOf(payload);
    verified.remember(token, claims, payload.exp!);
    return claims;
  };

  return {
    verify,

    async issue({ userId, sessionId }) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = issuedAt + config.accessTokenTtlSeconds;
      const accessToken = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid: stored.keyId })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setJti(crypto.randomUUID())
        .sign(privateKey);
      return { accessToken, expiresAt };
    },

    async verifyAllowingExpiry(token) {
      try {
        return await verify(token);
      } catch (error) {
        // jose checks signature, type, issuer and audience before expiry, so an expiry failure vouches for them.
        if (error instanceof errors.JWTExpired && error.claim === 'exp') {
          return claimsOf(error.payload);
        }
        throw error;
      }
    },
  };
}

/** Enough for every token in use on a busy replica; past it the oldest entries go first. */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * A browser sends one token for its whole lifetime (an hour by default), and checking the Ed25519 signature is
 * the costliest step of a small request, so a token that passed every check is remembered until it
 * expires. Only the expiry can change a token's verdict: the user and the session behind it are still read per
 * request.
 */
function createVerifiedTokenCache() {
  const entries = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  return {
    claimsOf(token: string): AccessTokenClaims | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (Date.now() / 1000 < entry.expiresAt) return entry.claims;
      entries.delete(token);
      return undefined;
    },
    remember(token: string, claims: AccessTokenClaims, expiresAt: number) {
      if (entries.size >= VERIFIED_TOKEN_CACHE_SIZE) entries.delete(entries.keys().next().value!);
      entries.set(token, { claims, expiresAt });
    },
  };
}

/** A token without a session (issued before sessions existed) names nothing that can still be ended: refused. */
function claimsOf(payload: JWTPayload): AccessTokenClaims {
  if (!payload.sub) throw new errors.JWTClaimValidationFailed('missing "sub" claim', payload, 'sub', 'missing');
  if (typeof payload.sid !== 'string' || payload.sid === '') {
    throw new errors.JWTClaimValidationFailed('missing "sid" claim', payload, 'sid', 'missing');
  }
  return { userId: payload.sub, sessionId: payload.sid };
}

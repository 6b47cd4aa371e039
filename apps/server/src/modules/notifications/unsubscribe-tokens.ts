import { exportJWK, generateSecret, importJWK, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { ensureSigningKey } from '../../auth/signing-keys.js';

/** Its own token type and key: an unsubscribe link is never an access token, nor the other way round. */
const UNSUBSCRIBE_TOKEN_TYPE = 'dxp-unsubscribe+jwt';
const UNSUBSCRIBE_PURPOSE = 'notification-unsubscribe';
const ALGORITHM = 'HS256';
/** Mail stays in mailboxes; a year-old link still works, an older one leads to the account page. */
const LIFETIME = '365d';
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export interface UnsubscribeClaims {
  userId: string;
  /** The notification types the mail was about. */
  types: string[];
}

export interface UnsubscribeTokens {
  sign(claims: UnsubscribeClaims): Promise<string>;
  /** The claims of a valid token of this purpose; throws otherwise. */
  verify(token: string): Promise<UnsubscribeClaims>;
  /** The link a mail carries (and its List-Unsubscribe header). */
  linkFor(claims: UnsubscribeClaims): Promise<string>;
}

/**
 * Signed, single-purpose unsubscribe links: HMAC-SHA-256 with a key kept in signing_keys, so every replica
 * signs and verifies with the same one, and no sign-in is needed to use the link.
 */
export function createUnsubscribeTokens(db: DatabaseExecutor, config: Pick<Config, 'publicUrl'>): UnsubscribeTokens {
  const audience = `${config.publicUrl}${UNSUBSCRIBE_PATH}`;
  let key: Promise<{ keyId: string; secret: Uint8Array | CryptoKey }> | undefined;
  const keyOf = () =>
    (key ??= (async () => {
      const stored = await ensureSigningKey(db, UNSUBSCRIBE_PURPOSE, async () => {
        const secret = await generateSecret(ALGORITHM, { extractable: true });
        return exportJWK(secret);
      });
      return { keyId: stored.keyId, secret: (await importJWK(stored.privateJwk, ALGORITHM)) as Uint8Array };
    })().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));

  const sign = async ({ userId, types }: UnsubscribeClaims) => {
    const { keyId, secret } = await keyOf();
    return new SignJWT({ purpose: UNSUBSCRIBE_PURPOSE, types })
      .setProtectedHeader({ alg: ALGORITHM, typ: UNSUBSCRIBE_TOKEN_TYPE, kid: keyId })
      .setSubject(userId)
      .setIssuer(config.publicUrl)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
      .sign(secret);
  };

  return {
    sign,
    async verify(token) {
      const { secret } = await keyOf();
      const { payload } = await jwtVerify(token, secret, {
        algorithms: [ALGORITHM],
        typ: UNSUBSCRIBE_TOKEN_TYPE,
        issuer: config.publicUrl,
        audience,
        requiredClaims: ['sub', 'exp'],
      });
      const types = payload.types;
      if (
        payload.purpose !== UNSUBSCRIBE_PURPOSE ||
        !Array.isArray(types) ||
        !types.every((type) => typeof type === 'string')
      ) {
        throw new Error('not an unsubscribe token');
      }
      return { userId: payload.sub!, types };
    },
    async linkFor(claims) {
      return `${audience}?token=${encodeURIComponent(await sign(claims))}`;
    },
  };
}

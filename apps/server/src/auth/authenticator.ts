import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from '../errors.js';
import { createAccessTokens } from './access-tokens.js';
import type { Actor } from './actor.js';
import { findUserByServiceKey, isServiceKey } from './service-keys.js';
import { createSessionToucher, prepareFindSessionUser } from './sessions.js';

export interface Authenticator {
  /**
   * The caller named by an `Authorization: Bearer …` header (our access token or a service key);
   * null without a header. Throws AUTH_NOT_AUTHENTICATED for an invalid, expired or revoked
   * credential, one whose session has ended or stood unused past SESSION_IDLE_TIMEOUT_MINUTES, or one whose
   * user no longer exists or is suspended.
   */
  authenticate(authorizationHeader: string | undefined): Promise<Actor | null>;
}

export async function createAuthenticator({
  config,
  database,
}: {
  config: Pick<Config, 'publicUrl' | 'accessTokenTtlSeconds' | 'sessionIdleTimeoutMinutes'>;
  database: Pick<DatabaseHandle, 'db'>;
}): Promise<Authenticator> {
  const accessTokens = await createAccessTokens(database.db, config);
  const findSessionUser = prepareFindSessionUser(database.db, { idleTimeoutMinutes: config.sessionIdleTimeoutMinutes });
  const touchSession = createSessionToucher(database.db);
  return {
    async authenticate(authorizationHeader) {
      if (!authorizationHeader) return null;
      const token = bearerTokenOf(authorizationHeader);
      if (isServiceKey(token)) {
        const match = await findUserByServiceKey(database.db, token);
        if (!match) throw new AppError('AUTH_NOT_AUTHENTICATED', 'The service key is invalid or revoked');
        return { kind: 'service-key', user: match.user, serviceKeyId: match.serviceKeyId };
      }
      let claims: Awaited<ReturnType<typeof accessTokens.verify>>;
      try {
        claims = await accessTokens.verify(token);
      } catch {
        throw new AppError('AUTH_NOT_AUTHENTICATED', 'The access token is invalid or expired');
      }
      const found = await findSessionUser(claims);
      if (!found) {
        throw new AppError('AUTH_NOT_AUTHENTICATED', 'The session of this access token has ended: sign in again');
      }
      // Not awaited: the answer does not depend on it, and a failed write only leaves "last seen" a minute behind.
      touchSession(claims.sessionId, found.lastSeenAt)?.catch(() => undefined);
      return { kind: 'user', user: found.user, sessionId: claims.sessionId };
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header; throws AUTH_NOT_AUTHENTICATED for any other form. */
export function bearerTokenOf(authorizationHeader: string | undefined): string {
  const match = /^Bearer +([^\s]+) *$/i.exec(authorizationHeader ?? '');
  if (!match) throw new AppError('AUTH_NOT_AUTHENTICATED', 'Expected an Authorization: Bearer <token> header');
  return match[1]!;
}

import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from '../errors.js';
import { prepareFindUserById } from '../modules/users/users.service.js';
import { createAccessTokens } from './access-tokens.js';
import type { Actor } from './actor.js';
import { findUserByServiceKey, isServiceKey } from './service-keys.js';

export interface Authenticator {
  /**
   * The caller named by an `Authorization: Bearer …` header (our access token or a service key);
   * null without a header. Throws AUTH_NOT_AUTHENTICATED for an invalid, expired or revoked
   * credential, or one whose user no longer exists.
   */
  authenticate(authorizationHeader: string | undefined): Promise<Actor | null>;
}

export async function createAuthenticator({
  config,
  database,
}: {
  config: Pick<Config, 'publicUrl' | 'accessTokenTtlSeconds'>;
  database: Pick<DatabaseHandle, 'db'>;
}): Promise<Authenticator> {
  const accessTokens = await createAccessTokens(database.db, config);
  const findUserById = prepareFindUserById(database.db);
  return {
    async authenticate(authorizationHeader) {
      if (!authorizationHeader) return null;
      const token = bearerTokenOf(authorizationHeader);
      if (isServiceKey(token)) {
        const match = await findUserByServiceKey(database.db, token);
        if (!match) throw new AppError('AUTH_NOT_AUTHENTICATED', 'The service key is invalid or revoked');
        return { kind: 'service-key', user: match.user, serviceKeyId: match.serviceKeyId };
      }
      let userId: string;
      try {
        userId = await accessTokens.verify(token);
      } catch {
        throw new AppError('AUTH_NOT_AUTHENTICATED', 'The access token is invalid or expired');
      }
      const user = await findUserById(userId);
      if (!user) throw new AppError('AUTH_NOT_AUTHENTICATED', 'The account of this access token no longer exists');
      return { kind: 'user', user };
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header; throws AUTH_NOT_AUTHENTICATED for any other form. */
export function bearerTokenOf(authorizationHeader: string | undefined): string {
  const match = /^Bearer +([^\s]+) *$/i.exec(authorizationHeader ?? '');
  if (!match) throw new AppError('AUTH_NOT_AUTHENTICATED', 'Expected an Authorization: Bearer <token> header');
  return match[1]!;
}

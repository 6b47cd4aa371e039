import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from '../errors.js';
import { recordEvent } from '../modules/event-logs/event-logs.service.js';
import { findUserByIdentity, toUserInfo, upsertUserFromIdentity } from '../modules/users/users.service.js';
import type { AccessTokenClaims, AccessTokens } from './access-tokens.js';
import { type Authenticator, bearerTokenOf } from './authenticator.js';
import type { ProviderTokenVerifier } from './provider-tokens.js';
import {
  createSession,
  findSessionUser,
  isDeletedIdentity,
  isIssuedBeforeTokensValid,
  revokeSession,
  spendIdentityToken,
} from './sessions.js';

export interface AuthRouteDependencies {
  config: Pick<Config, 'adminEmails' | 'authRateLimitPerMinute' | 'identity'>;
  database: Pick<DatabaseHandle, 'db'>;
  accessTokens: AccessTokens;
  authenticator: Authenticator;
  verifyProviderToken: ProviderTokenVerifier;
}

/** Per client address: a token exchange follows each sign-in, and refreshes come on top. */
const TOKEN_EXCHANGES_PER_SIGN_IN = 5;
const userInfoRateLimit = { max: 600, timeWindow: '1 minute' };

const loginBodySchema = z.object({ nonce: z.string().min(1).optional() }).optional();
/** The provider's leeway on `exp` (provider-tokens.ts) plus a margin: a spent token is remembered past it. */
const SPENT_TOKEN_RETENTION_MARGIN_SECONDS = 120;
const refreshQuerySchema = z.object({ expiredToken: z.string().min(1) });

/** The REST token exchange of docs/api.md. */
export function registerAuthRoutes(app: FastifyInstance, dependencies: AuthRouteDependencies): void {
  const { config, database, accessTokens, authenticator, verifyProviderToken } = dependencies;
  const tokenExchangeRateLimit = {
    max: config.authRateLimitPerMinute * TOKEN_EXCHANGES_PER_SIGN_IN,
    timeWindow: '1 minute',
  };

  const verifyProviderTokenOf = async (request: FastifyRequest, nonce?: string) => {
    const idToken = bearerTokenOf(request.headers.authorization);
    try {
      return await verifyProviderToken(idToken, { nonce });
    } catch (error) {
      request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'identity token refused');
      throw new AppError('AUTH_NOT_AUTHENTICATED', 'The identity token was not accepted');
    }
  };

  /** Refuses with the same answer as a bad token, logging why for the operator. */
  const refuseIdentityToken = (request: FastifyRequest, reason: string): never => {
    request.log.info({ reason }, 'identity token refused');
    throw new AppError('AUTH_NOT_AUTHENTICATED', 'The identity token was not accepted');
  };

  /** The claims of an access token, expired or not, that we signed; AUTH_NOT_AUTHENTICATED otherwise. */
  const accessTokenClaimsOf = async (token: string, what: string): Promise<AccessTokenClaims> => {
    try {
      return await accessTokens.verifyAllowingExpiry(token);
    } catch {
      throw new AppError('AUTH_NOT_AUTHENTICATED', `The ${what} was not accepted`);
    }
  };

  // A provider ID token opens one session, once (docs/decisions/0117-server-side-sessions.md).
  app.post('/api/auth/login', { config: { rateLimit: tokenExchangeRateLimit } }, async (request) => {
    const body = loginBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) throw new AppError('INVALID_REQUEST', 'The body may only carry a string "nonce"');
    const nonce = body.data?.nonce;
    if (nonce === undefined) {
      // Checked after the token so a forged token is still logged as such.
      await verifyProviderTokenOf(request);
      refuseIdentityToken(request, 'no nonce: send the nonce of the authorization request');
    }
    const identity = await verifyProviderTokenOf(request, nonce);
    if (await isDeletedIdentity(database.db, identity)) refuseIdentityToken(request, 'the account was deleted');
    const known = await findUserByIdentity(database.db, identity.issuer, identity.subject);
    if (known && isIssuedBeforeTokensValid(known, identity.issuedAt)) {
      refuseIdentityToken(request, 'issued before the sessions of the account were ended');
    }
    const isFirstUse = await spendIdentityToken(database.db, {
      idToken: bearerTokenOf(request.headers.authorization),
      expiresAt: new Date((identity.expiresAt + SPENT_TOKEN_RETENTION_MARGIN_SECONDS) * 1000),
    });
    if (!isFirstUse) refuseIdentityToken(request, 'the token was exchanged before');
    const user = await upsertUserFromIdentity(database.db, identity, {
      adminEmails: config.adminEmails,
      // With the built-in provider the portal's profile is the source of the names (docs/decisions/0119-proven-email-built-in-provider.md).
      keepProfileNames: config.identity.kind === 'built-in',
    });
    const session = await database.db.transaction(async (transaction) => {
      const created = await createSession(transaction, {
        userId: user.id,
        identityIssuer: identity.issuer,
        authenticationMethods: identity.authenticationMethods,
        authenticationContext: identity.authenticationContext,
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await recordEvent(transaction, {
        eventType: 'session.signed_in',
        actor: { kind: 'user', user, sessionId: created.id },
        payload: { sessionId: created.id, clientAddress: created.clientAddress, userAgent: created.userAgent },
      });
      return created;
    });
    const { accessToken, expiresAt } = await accessTokens.issue({ userId: user.id, sessionId: session.id });
    return { access_token: accessToken, expires_at: expiresAt };
  });

  // Ends the session of the access token, expired or not: a browser may sign out long after its last request.
  app.post('/api/auth/logout', { config: { rateLimit: tokenExchangeRateLimit } }, async (request, reply) => {
    const claims = await accessTokenClaimsOf(bearerTokenOf(request.headers.authorization), 'access token');
    await database.db.transaction(async (transaction) => {
      const found = await findSessionUser(transaction, claims);
      const revoked = found && (await revokeSession(transaction, claims));
      if (!found || !revoked) throw new AppError('AUTH_NOT_AUTHENTICATED', 'The session has already ended');
      await recordEvent(transaction, {
        eventType: 'session.signed_out',
        actor: { kind: 'user', user: found.user, sessionId: claims.sessionId },
        payload: { sessionId: claims.sessionId },
      });
    });
    return reply.code(204).send();
  });

  app.post('/api/auth/refresh', { config: { rateLimit: tokenExchangeRateLimit } }, async (request) => {
    const query = refreshQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('INVALID_REQUEST', 'The expiredToken query parameter is required');
    const identity = await verifyProviderTokenOf(request);
    const claims = await accessTokenClaimsOf(query.data.expiredToken, 'expired access token');
    const found = await findSessionUser(database.db, claims);
    if (!found) throw new AppError('AUTH_NOT_AUTHENTICATED', 'The session has ended: sign in again');
    const { user } = found;
    if (user.identityIssuer !== identity.issuer || user.identitySubject !== identity.subject) {
      throw new AppError('AUTH_NOT_AUTHENTICATED', 'The identity token and the access token name different accounts');
    }
    if (isIssuedBeforeTokensValid(user, identity.issuedAt)) {
      refuseIdentityToken(request, 'issued before the sessions of the account were ended');
    }
    const { accessToken, expiresAt } = await accessTokens.issue(claims);
    return { access_token: accessToken, expires_at: expiresAt };
  });

  app.get('/api/auth/userinfo', { config: { rateLimit: userInfoRateLimit } }, async (request) => {
    const actor = await authenticator.authenticate(request.headers.authorization);
    if (!actor) throw new AppError('AUTH_NOT_AUTHENTICATED', 'Sign in first');
    return toUserInfo(actor.user);
  });
}

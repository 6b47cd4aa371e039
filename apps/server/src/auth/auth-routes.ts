import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from '../errors.js';
import { findUserById, toUserInfo, upsertUserFromIdentity } from '../modules/users/users.service.js';
import type { AccessTokens } from './access-tokens.js';
import { type Authenticator, bearerTokenOf } from './authenticator.js';
import type { ProviderTokenVerifier } from './provider-tokens.js';

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

  app.post('/api/auth/login', { config: { rateLimit: tokenExchangeRateLimit } }, async (request) => {
    const body = loginBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) throw new AppError('INVALID_REQUEST', 'The body may only carry a string "nonce"');
    const identity = await verifyProviderTokenOf(request, body.data?.nonce);
    const user = await upsertUserFromIdentity(database.db, identity, {
      adminEmails: config.adminEmails,
      // With the built-in provider the portal's profile is the source of the names (docs/decisions.md).
      keepProfileNames: config.identity.kind === 'built-in',
    });
    const { accessToken, expiresAt } = await accessTokens.issue(user.id);
    return { access_token: accessToken, expires_at: expiresAt };
  });

  app.post('/api/auth/refresh', { config: { rateLimit: tokenExchangeRateLimit } }, async (request) => {
    const query = refreshQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('INVALID_REQUEST', 'The expiredToken query parameter is required');
    const identity = await verifyProviderTokenOf(request);
    let userId: string;
    try {
      userId = await accessTokens.verifyAllowingExpiry(query.data.expiredToken);
    } catch {
      throw new AppError('AUTH_NOT_AUTHENTICATED', 'The expired access token was not accepted');
    }
    const user = await findUserById(database.db, userId);
    if (!user || user.identityIssuer !== identity.issuer || user.identitySubject !== identity.subject) {
      throw new AppError('AUTH_NOT_AUTHENTICATED', 'The identity token and the access token name different accounts');
    }
    const { accessToken, expiresAt } = await accessTokens.issue(user.id);
    return { access_token: accessToken, expires_at: expiresAt };
  });

  app.get('/api/auth/userinfo', { config: { rateLimit: userInfoRateLimit } }, async (request) => {
    const actor = await authenticator.authenticate(request.headers.authorization);
    if (!actor) throw new AppError('AUTH_NOT_AUTHENTICATED', 'Sign in first');
    return toUserInfo(actor.user);
  });
}

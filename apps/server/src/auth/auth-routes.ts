import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { DatabaseExecutor, DatabaseHandle } from '../db/client.js';
import { sessions } from '../db/schema/sessions.js';
import { AppError } from '../errors.js';
import { describeClient } from '@dxp/contracts/describe-client';
import { recordEvent } from '../modules/event-logs/event-logs.service.js';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { recordSignInRefusal } from '../modules/installation/sign-in-refusals.service.js';
import { findUserByIdentity, toUserInfo, upsertUserFromIdentity } from '../modules/users/users.service.js';
import type { AccessTokenClaims, AccessTokens } from './access-tokens.js';
import { type Authenticator, bearerTokenOf } from './authenticator.js';
import { type ProviderTokenCheck, ProviderTokenError, type ProviderTokens } from './provider-tokens.js';
import {
  createSession,
  findSessionUser,
  isDeletedIdentity,
  isIssuedBeforeTokensValid,
  revokeSession,
  spendIdentityToken,
} from './sessions.js';

export interface AuthRouteDependencies {
  config: Pick<Config, 'adminEmails' | 'authRateLimitPerMinute' | 'identity' | 'sessionIdleTimeoutMinutes'>;
  database: Pick<DatabaseHandle, 'db'>;
  accessTokens: AccessTokens;
  authenticator: Authenticator;
  providerTokens: ProviderTokens;
}

/** Why a sign-in or refresh was refused: a check of the provider token, or one of the portal's own. */
export type SignInRefusal =
  | ProviderTokenCheck
  | 'nonce_missing'
  | 'token_spent'
  | 'account_deleted'
  | 'sessions_ended'
  | 'account_suspended';

const tryAgain = 'Sign in again.';
const tellAdministrator =
  'Tell your administrator, who can see why under Refused sign-ins on the portal’s Services page.';
/** What the person is told; the administrator's log line says which check failed and how. */
const signInRefusalMessages: Record<SignInRefusal, string> = {
  signature: `Your identity provider's answer could not be verified. ${tellAdministrator}`,
  issuer: `Your identity provider's answer came from another provider than the portal's. ${tellAdministrator}`,
  claims: `Your identity provider's answer could not be verified. ${tellAdministrator}`,
  audience: `Your identity provider's answer was meant for another application, not this portal. ${tellAdministrator}`,
  authorized_party: `Your identity provider's answer was meant for another application, not this portal. ${tellAdministrator}`,
  token_type: `Your identity provider sent an access token where the portal needs an ID token. ${tellAdministrator}`,
  organization: 'Your account belongs to another organisation than this portal’s.',
  expiry: `The sign-in took too long, or this device's clock is wrong. ${tryAgain}`,
  nonce: `This sign-in belongs to another attempt. ${tryAgain}`,
  nonce_missing: `This sign-in belongs to another attempt. ${tryAgain}`,
  token_spent: `This sign-in was already used. ${tryAgain}`,
  discovery: 'The portal cannot reach your identity provider right now. Try again in a moment.',
  userinfo: `The portal could not read your email address and name from your identity provider. ${tellAdministrator}`,
  access_token_hash: `The portal could not read your email address and name from your identity provider. ${tellAdministrator}`,
  email_missing: `Your identity provider did not share your email address with the portal. ${tellAdministrator}`,
  account_deleted: 'This account was deleted.',
  sessions_ended: `Your sessions were ended. ${tryAgain}`,
  account_suspended: 'This account is suspended. Ask an administrator of the portal to reactivate it.',
};

/** Per client address: a token exchange follows each sign-in, and refreshes come on top. */
const TOKEN_EXCHANGES_PER_SIGN_IN = 5;
const userInfoRateLimit = { max: 600, timeWindow: '1 minute' };

/** `providerAccessToken` reads userinfo when the ID token lacks email or names. */
const loginBodySchema = z
  .object({ nonce: z.string().min(1).optional(), providerAccessToken: z.string().min(1).optional() })
  .optional();
/** The provider's leeway on `exp` (provider-tokens.ts) plus a margin: a spent token is remembered past it. */
const SPENT_TOKEN_RETENTION_MARGIN_SECONDS = 120;
const refreshQuerySchema = z.object({ expiredToken: z.string().min(1) });

/** The REST token exchange of docs/api.md. */
export function registerAuthRoutes(app: FastifyInstance, dependencies: AuthRouteDependencies): void {
  const { config, database, accessTokens, authenticator, providerTokens } = dependencies;
  const sessionPolicy = { idleTimeoutMinutes: config.sessionIdleTimeoutMinutes };
  const tokenExchangeRateLimit = {
    max: config.authRateLimitPerMinute * TOKEN_EXCHANGES_PER_SIGN_IN,
    timeWindow: '1 minute',
  };

  /**
   * Tells the person what went wrong and the administrator which check failed and how: at warn in the log, and in
   * the installation panel's latest refusals.
   */
  const refuseIdentityToken = async (request: FastifyRequest, check: SignInRefusal, reason: string): Promise<never> => {
    const { issuer, clientId } = config.identity;
    request.log.warn({ check, reason, issuer, clientId }, `identity token refused (${check}): ${reason}`);
    // The person's answer must not depend on the database: a refusal that cannot be kept is only logged.
    await recordSignInRefusal(database.db, { reason: check, detail: reason, issuer, clientId }).catch(
      (error: unknown) => request.log.warn({ err: error }, 'the sign-in refusal could not be kept for the panel'),
    );
    throw new AppError(
      check === 'discovery' ? 'SERVICE_UNAVAILABLE' : 'AUTH_NOT_AUTHENTICATED',
      signInRefusalMessages[check],
      { reason: check },
    );
  };

  const refusingProviderTokenErrors = async <Result>(request: FastifyRequest, work: () => Promise<Result>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderTokenError) return await refuseIdentityToken(request, error.check, error.message);
      throw error;
    }
  };

  const verifyProviderTokenOf = (request: FastifyRequest, nonce?: string) =>
    refusingProviderTokenErrors(request, () =>
      providerTokens.verifyIdToken(bearerTokenOf(request.headers.authorization), { nonce }),
    );

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
    if (!body.success) {
      throw new AppError('INVALID_REQUEST', 'The body may only carry the strings "nonce" and "providerAccessToken"');
    }
    const nonce = body.data?.nonce;
    if (nonce === undefined) {
      // Checked after the token so a forged token is still logged as such.
      await verifyProviderTokenOf(request);
      await refuseIdentityToken(request, 'nonce_missing', 'no nonce: send the nonce of the authorization request');
    }
    const idToken = await verifyProviderTokenOf(request, nonce);
    if (await isDeletedIdentity(database.db, idToken)) {
      await refuseIdentityToken(request, 'account_deleted', 'the account was deleted');
    }
    const known = await findUserByIdentity(database.db, idToken.issuer, idToken.subject);
    if (known?.suspendedAt) {
      await refuseIdentityToken(request, 'account_suspended', 'a system administrator suspended the account');
    }
    if (known && isIssuedBeforeTokensValid(known, idToken.issuedAt)) {
      await refuseIdentityToken(request, 'sessions_ended', 'issued before the sessions of the account were ended');
    }
    const identity = await refusingProviderTokenErrors(request, () =>
      providerTokens.identityOf(idToken, body.data?.providerAccessToken),
    );
    const isFirstUse = await spendIdentityToken(database.db, {
      idToken: bearerTokenOf(request.headers.authorization),
      expiresAt: new Date((identity.expiresAt + SPENT_TOKEN_RETENTION_MARGIN_SECONDS) * 1000),
    });
    if (!isFirstUse) await refuseIdentityToken(request, 'token_spent', 'the token was exchanged before');
    const user = await upsertUserFromIdentity(database.db, identity, {
      adminEmails: config.adminEmails,
      // With the built-in provider the portal's profile is the source of the names (docs/decisions/0119-proven-email-built-in-provider.md).
      keepProfileNames: config.identity.kind === 'built-in',
    });
    const session = await database.db.transaction(async (transaction) => {
      await noticeNewClient(transaction, {
        userId: user.id,
        userAgent: request.headers['user-agent'],
        clientAddress: request.ip,
      });
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
      const found = await findSessionUser(transaction, claims, sessionPolicy);
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
    const found = await findSessionUser(database.db, claims, sessionPolicy);
    if (!found) throw new AppError('AUTH_NOT_AUTHENTICATED', 'The session has ended: sign in again');
    const { user } = found;
    if (user.identityIssuer !== identity.issuer || user.identitySubject !== identity.subject) {
      throw new AppError('AUTH_NOT_AUTHENTICATED', 'The identity token and the access token name different accounts');
    }
    if (isIssuedBeforeTokensValid(user, identity.issuedAt)) {
      await refuseIdentityToken(request, 'sessions_ended', 'issued before the sessions of the account were ended');
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

/**
 * A sign-in from a client (browser and system, not its version) that none of the person's earlier sessions used
 * is told to them, with where it came from; the very first sign-in is not.
 */
async function noticeNewClient(
  transaction: DatabaseExecutor,
  sign: { userId: string; userAgent: string | undefined; clientAddress: string },
): Promise<void> {
  const earlier = await transaction
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, sign.userId));
  const client = describeClient(sign.userAgent ?? null);
  if (earlier.length === 0 || earlier.some((session) => describeClient(session.userAgent) === client)) return;
  await createNotification(transaction, {
    userId: sign.userId,
    type: 'AccountSecurity',
    message:
      `A new sign-in to your account from ${client} (${sign.clientAddress}). If this was not you, change your ` +
      'password and sign out your other sessions on your profile page.',
  });
}

import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors as providerErrors } from 'oidc-provider';
import { z } from 'zod';
import type { DatabaseExecutor } from '../db/client.js';
import { recordEvent } from '../modules/event-logs/event-logs.service.js';
import { findUserByIdentity } from '../modules/users/users.service.js';
import { finishPasskeyAuthentication, relyingPartyOf, startPasskeyAuthentication } from './passkeys.js';

interface PasskeyRouteDependencies {
  provider: Provider;
  db: DatabaseExecutor;
  publicUrl: string;
  /** The built-in provider's issuer, which names its accounts in the portal's users table. */
  issuer: string;
  rateLimitPerMinute: number;
}

/**
 * How a passkey sign-in is recorded on the provider session, and so in the ID token and the portal session: a
 * hardware-bound key (`hwk`) unlocked by the person (user verification: something they are or know), which is two
 * factors at once (`mfa`) (RFC 8176).
 */
export const PASSKEY_AUTHENTICATION_METHODS = ['hwk', 'mfa'];

const assertionBody = z.object({ response: z.record(z.string(), z.unknown()) });

/**
 * Password-less sign-in with a passkey on the provider's sign-in page (assets/passkey-sign-in.js): options for
 * navigator.credentials.get() bound to the pending interaction, then the assertion, which finishes the interaction
 * for the passkey's account as the password form does.
 */
export function registerPasskeyRoutes(app: FastifyInstance, dependencies: PasskeyRouteDependencies): void {
  const { provider, db, publicUrl, issuer, rateLimitPerMinute } = dependencies;
  const relyingParty = relyingPartyOf(publicUrl);
  const rateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };

  /** The pending login interaction of this browser with this uid, or undefined (answered 400). */
  const loginInteractionOf = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid && interaction.prompt.name === 'login') return interaction;
    } catch (error) {
      if (!(error instanceof providerErrors.SessionNotFound)) throw error;
    }
    void reply
      .status(400)
      .header('cache-control', 'no-store')
      .send({ error: 'This sign-in page has expired. Go back to DXP Portal and sign in again.' });
    return undefined;
  };

  app.post<{ Params: { uid: string } }>(
    '/idp/interaction/:uid/passkey/options',
    { config: { rateLimit } },
    async (request, reply) => {
      const interaction = await loginInteractionOf(request, reply);
      if (!interaction) return reply;
      const options = await startPasskeyAuthentication(db, { relyingParty, interactionUid: interaction.uid });
      return reply.header('cache-control', 'no-store').send(options);
    },
  );

  app.post<{ Params: { uid: string }; Body: unknown }>(
    '/idp/interaction/:uid/passkey',
    { config: { rateLimit } },
    async (request, reply) => {
      const interaction = await loginInteractionOf(request, reply);
      if (!interaction) return reply;
      const refuse = (message: string) =>
        reply.status(401).header('cache-control', 'no-store').send({ error: message });
      const body = assertionBody.safeParse(request.body);
      if (!body.success) return refuse('The passkey answer is not valid. Try again.');
      const result = await finishPasskeyAuthentication(db, {
        relyingParty,
        interactionUid: interaction.uid,
        response: body.data.response as unknown as AuthenticationResponseJSON,
      });
      if (result.outcome === 'refused') {
        const user = result.accountId ? await findUserByIdentity(db, issuer, result.accountId) : undefined;
        await recordEvent(db, {
          eventType: 'user.second-factor-failed',
          actor: user ? { kind: 'user', user } : null,
          payload: { method: 'passkey', step: 'sign-in', reason: result.reason, clientAddress: request.ip },
        });
        request.log.info({ reason: result.reason }, 'passkey sign-in refused');
        return refuse(
          result.reason === 'challenge'
            ? 'This passkey request has expired. Try again.'
            : 'This passkey is not recognised here. Sign in with your email and password, then add it on your profile.',
        );
      }
      const { accountId } = result.passkey;
      if ((await findUserByIdentity(db, issuer, accountId))?.suspendedAt) {
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .send({ error: 'This account is suspended. Ask an administrator of the portal to reactivate it.' });
      }
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId, amr: PASSKEY_AUTHENTICATION_METHODS } },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').send({ redirectTo });
    },
  );
}

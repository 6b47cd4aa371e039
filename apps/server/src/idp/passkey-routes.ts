import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as providerErrors } from 'oidc-provider';
import { z } from 'zod';
import type { DatabaseExecutor } from '../db/client.js';
import { recordEvent } from '../modules/event-logs/event-logs.service.js';
import { findUserByIdentity } from '../modules/users/users.service.js';
import type { PasskeyRow } from '../db/schema/passkeys.js';
import {
  finishPasskeyAuthentication,
  type RelyingParty,
  relyingPartyOf,
  startPasskeyAuthentication,
} from './passkeys.js';
import type { IdentityRouteDependencies } from './route-dependencies.js';

type PasskeyRouteDependencies = IdentityRouteDependencies;

/**
 * How a passkey sign-in is recorded on the provider session, and so in the ID token and the portal session: a
 * hardware-bound key (`hwk`) unlocked by the person (user verification: something they are or know), which is two
 * factors at once (`mfa`) (RFC 8176).
 */
export const PASSKEY_AUTHENTICATION_METHODS = ['hwk', 'mfa'];

const assertionBody = z.object({ response: z.record(z.string(), z.unknown()) });

/**
 * Checks the passkey answer posted for a sign-in: a password-less one, or the second step of `accountId`'s. A
 * refusal is recorded as a failed second factor, logged and answered 401 with a message the page shows (the
 * challenge expired, or `notRecognisedMessage`), and then the answer is undefined.
 */
export async function authenticatedPasskeyOf(
  request: FastifyRequest<{ Body: unknown }>,
  reply: FastifyReply,
  options: {
    db: DatabaseExecutor;
    issuer: string;
    relyingParty: RelyingParty;
    interactionUid: string;
    accountId?: string;
    notRecognisedMessage: string;
  },
): Promise<PasskeyRow | undefined> {
  const { db, issuer, relyingParty, interactionUid, accountId } = options;
  const refuse = (message: string) =>
    void reply.status(401).header('cache-control', 'no-store').send({ error: message });
  const body = assertionBody.safeParse(request.body);
  if (!body.success) {
    refuse('The passkey answer is not valid. Try again.');
    return undefined;
  }
  const result = await finishPasskeyAuthentication(db, {
    relyingParty,
    interactionUid,
    ...(accountId ? { accountId } : {}),
    response: body.data.response as unknown as AuthenticationResponseJSON,
  });
  if (result.outcome === 'authenticated') return result.passkey;
  const presentedBy = accountId ?? result.accountId;
  const user = presentedBy ? await findUserByIdentity(db, issuer, presentedBy) : undefined;
  await recordEvent(db, {
    eventType: 'user.second-factor-failed',
    actor: user ? { kind: 'user', user } : null,
    payload: { method: 'passkey', step: 'sign-in', reason: result.reason, clientAddress: request.ip },
  });
  request.log.info({ reason: result.reason, isSecondStep: Boolean(accountId) }, 'passkey sign-in refused');
  refuse(result.reason === 'challenge' ? 'This passkey request has expired. Try again.' : options.notRecognisedMessage);
  return undefined;
}

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
      const passkey = await authenticatedPasskeyOf(request, reply, {
        db,
        issuer,
        relyingParty,
        interactionUid: interaction.uid,
        notRecognisedMessage:
          'This passkey is not recognised here. Sign in with your email and password, then add it on your profile.',
      });
      if (!passkey) return reply;
      const { accountId } = passkey;
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

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors as providerErrors } from 'oidc-provider';
import type { Config } from '../config.js';
import { recordEvent } from '../modules/event-logs/event-logs.service.js';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { findUserByIdentity } from '../modules/users/users.service.js';
import type { IdentityAccountRow } from './identity-accounts.js';
import { messagePage, sendPage } from './pages.js';
import { authenticatedPasskeyOf } from './passkey-routes.js';
import { relyingPartyOf, startPasskeyAuthentication } from './passkeys.js';
import type { IdentityRouteDependencies } from './route-dependencies.js';
import { enrolTotpPage, recoveryCodesPage, secondFactorPage } from './second-factor-pages.js';
import {
  clearSecondFactorFailures,
  confirmTotpEnrolment,
  pendingSecondFactor,
  recordSecondFactorFailure,
  type SecondFactorMethod,
  secondFactorRetryAfterSeconds,
  secondFactorStateOf,
  startTotpEnrolment,
  totpEnrolmentOf,
  useRecoveryCode,
  verifyTotpCode,
} from './second-factors.js';

export type MfaPolicy = Config['mfaPolicy'];

/** How a sign-in was authenticated, as RFC 8176 names it; the provider puts it in the ID token's `amr`. */
export const PASSWORD_METHODS = ['pwd'];
export const PASSWORD_AND_TOTP_METHODS = ['pwd', 'otp', 'mfa'];
export const PASSWORD_AND_RECOVERY_CODE_METHODS = ['pwd', 'mfa'];
/** A password, then a passkey: a hardware-bound key (`hwk`) after something known, so two factors (`mfa`). */
export const PASSWORD_AND_PASSKEY_METHODS = ['pwd', 'hwk', 'mfa'];

/**
 * What the password step left for this interaction, kept in the provider's interaction record (`result`, which
 * holds no `login` yet, so returning to the provider early signs no one in): the account, and whether it has to
 * pass its second factor or enrol one first.
 */
export interface PendingSecondStep {
  accountId: string;
  email: string;
  stage: 'verify' | 'enrol' | 'enrolled';
}

interface SecondFactorRouteDependencies extends IdentityRouteDependencies {
  mfaPolicy: MfaPolicy;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type FormBody = Record<string, string | undefined>;

const pendingStepOf = (interaction: Interaction): PendingSecondStep | undefined =>
  (interaction.result as { secondStep?: PendingSecondStep } | undefined)?.secondStep;

async function savePendingStep(interaction: Interaction, step: PendingSecondStep): Promise<void> {
  interaction.result = { secondStep: step };
  await interaction.persist();
}

/**
 * The second step of a password sign-in at the built-in provider and the enrolment MFA_POLICY asks for. Answers
 * `continueAfterPassword`, which the password form calls once the password is right.
 */
export function registerSecondFactorRoutes(app: FastifyInstance, dependencies: SecondFactorRouteDependencies) {
  const { provider, db, publicUrl, issuer, rateLimitPerMinute, mfaPolicy } = dependencies;
  const formRateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };
  const relyingParty = relyingPartyOf(publicUrl);

  const finish = async (request: FastifyRequest, reply: FastifyReply, accountId: string, amr: string[]) => {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId, amr } },
      {
        mergeWithLastSubmission: false,
      },
    );
  };

  /** The pending login interaction of this browser with this uid at one of `stages`, or undefined. */
  const findPending = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
    stages: PendingSecondStep['stage'][],
  ) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      const step = pendingStepOf(interaction);
      if (interaction.uid === request.params.uid && interaction.prompt.name === 'login' && step) {
        if (stages.includes(step.stage)) return { interaction, step };
      }
    } catch (error) {
      if (!(error instanceof providerErrors.SessionNotFound)) throw error;
    }
    return undefined;
  };

  /** The pending login interaction at `stage`; anything else answers a page leading back to the portal. */
  const pendingOf = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
    stages: PendingSecondStep['stage'][],
  ) => {
    const pending = await findPending(request, reply, stages);
    if (pending) return pending;
    await sendPage(
      reply.status(400),
      messagePage({
        title: 'Sign-in expired',
        message: 'This sign-in page has expired. Go back to DXP Portal and sign in again.',
        returnUrl: `${publicUrl}/`,
      }),
    );
    return undefined;
  };

  const userOf = (accountId: string) => findUserByIdentity(db, issuer, accountId);

  const mustEnrol = async (accountId: string) => {
    if (mfaPolicy === 'optional') return false;
    if (mfaPolicy === 'required') return true;
    return (await userOf(accountId))?.isSystemAdmin === true;
  };

  /** After the right password: the second step, the enrolment the policy asks for, or the portal. */
  const continueAfterPassword = async (
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    account: Pick<IdentityAccountRow, 'id' | 'email'>,
  ) => {
    if (await pendingSecondFactor(db, account.id)) {
      await savePendingStep(interaction, { accountId: account.id, email: account.email, stage: 'verify' });
      return reply.redirect(`/idp/interaction/${interaction.uid}/second-factor`, 303);
    }
    if (await mustEnrol(account.id)) {
      await startTotpEnrolment(db, { accountId: account.id, email: account.email });
      await savePendingStep(interaction, { accountId: account.id, email: account.email, stage: 'enrol' });
      return reply.redirect(`/idp/interaction/${interaction.uid}/enrol-totp`, 303);
    }
    return finish(request, reply, account.id, PASSWORD_METHODS);
  };

  /** The code form asked for, or the passkey alone for a person without an authenticator app. */
  const methodOf = (value: string | undefined, methods: SecondFactorMethod[]) => {
    if (value === 'recovery-code') return 'recovery-code';
    if (!methods.includes('totp') && methods.includes('passkey')) return 'passkey';
    return 'totp';
  };
  const pageMethodsOf = (methods: SecondFactorMethod[]) => ({
    canUseTotp: methods.includes('totp'),
    canUseRecoveryCode: methods.includes('recovery-code'),
    canUsePasskey: methods.includes('passkey'),
  });

  app.get<{ Params: { uid: string }; Querystring: { method?: string } }>(
    '/idp/interaction/:uid/second-factor',
    async (request, reply) => {
      const pending = await pendingOf(request, reply, ['verify']);
      if (!pending) return reply;
      const methods = (await pendingSecondFactor(db, pending.step.accountId)) ?? [];
      return sendPage(
        reply,
        secondFactorPage({
          uid: pending.interaction.uid,
          method: methodOf(request.query.method, methods),
          ...pageMethodsOf(methods),
        }),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: FormBody }>(
    '/idp/interaction/:uid/second-factor',
    { config: { rateLimit: formRateLimit } },
    async (request, reply) => {
      const pending = await pendingOf(request, reply, ['verify']);
      if (!pending) return reply;
      const { accountId } = pending.step;
      // The form names the code it carries; a code is never a passkey, which has its own route below.
      const method = request.body?.method === 'recovery-code' ? 'recovery-code' : 'totp';
      const code = (request.body?.code ?? '').trim();
      const methods = (await pendingSecondFactor(db, accountId)) ?? [];
      const page = (status: number, message: string, fieldMessage?: string) =>
        sendPage(
          reply.status(status),
          secondFactorPage({
            uid: pending.interaction.uid,
            method: methodOf(method, methods),
            ...pageMethodsOf(methods),
            errors: { form: message, fields: fieldMessage ? { code: fieldMessage } : undefined },
          }),
        );
      if (!code) {
        return page(
          400,
          'Please correct the field marked below.',
          method === 'totp' ? 'Enter the 6-digit code from your authenticator app.' : 'Enter a recovery code.',
        );
      }
      const retryAfterSeconds = await secondFactorRetryAfterSeconds(db, accountId);
      if (retryAfterSeconds > 0) {
        reply.header('retry-after', String(retryAfterSeconds));
        return page(
          429,
          `Too many incorrect codes for this account. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
        );
      }
      const passed =
        method === 'totp'
          ? await verifyTotpCode(db, { accountId, code })
          : await useRecoveryCode(db, { accountId, code });
      const user = await userOf(accountId);
      const actor = user ? ({ kind: 'user', user } as const) : null;
      if (!passed) {
        await recordSecondFactorFailure(db, accountId);
        await recordEvent(db, {
          eventType: 'user.second-factor-failed',
          actor,
          payload: { method, step: 'sign-in', clientAddress: request.ip },
        });
        return method === 'totp'
          ? page(401, 'The code is incorrect or was already used. Enter the code your authenticator app shows now.')
          : page(401, 'This recovery code is incorrect or was already used.');
      }
      await clearSecondFactorFailures(db, accountId);
      if (method === 'recovery-code') {
        const { recoveryCodesLeft } = await secondFactorStateOf(db, accountId);
        await recordEvent(db, {
          eventType: 'user.recovery-code-used',
          actor,
          payload: { recoveryCodesLeft, clientAddress: request.ip },
        });
        if (user) {
          await createNotification(db, {
            userId: user.id,
            type: 'AccountSecurity',
            message: `A recovery code was used to sign in to your account; ${recoveryCodesLeft} are left. If this was not you, change your password.`,
          });
        }
      }
      return finish(
        request,
        reply,
        accountId,
        method === 'totp' ? PASSWORD_AND_TOTP_METHODS : PASSWORD_AND_RECOVERY_CODE_METHODS,
      );
    },
  );

  /** The pending second step of a person with passkeys, for the passkey routes (JSON); or undefined, answered 400. */
  const passkeyStepOf = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    const pending = await findPending(request, reply, ['verify']);
    const methods = pending ? await pendingSecondFactor(db, pending.step.accountId) : undefined;
    if (pending && methods?.includes('passkey')) return pending;
    void reply
      .status(400)
      .header('cache-control', 'no-store')
      .send({
        error: pending
          ? 'This account has no passkey. Use your authenticator app or a recovery code.'
          : 'This sign-in page has expired. Go back to DXP Portal and sign in again.',
      });
    return undefined;
  };

  // The passkey of the second step: a challenge bound to this interaction and its account, listing the account's
  // passkeys; the answer must use it (once) with one of them. A refusal is logged but not counted against the
  // account's code tries: an assertion is not guessed (docs/decisions/0132-passkey-second-step-and-admin-reset.md).
  app.post<{ Params: { uid: string } }>(
    '/idp/interaction/:uid/second-factor/passkey/options',
    { config: { rateLimit: formRateLimit } },
    async (request, reply) => {
      const pending = await passkeyStepOf(request, reply);
      if (!pending) return reply;
      const options = await startPasskeyAuthentication(db, {
        relyingParty,
        interactionUid: pending.interaction.uid,
        accountId: pending.step.accountId,
      });
      return reply.header('cache-control', 'no-store').send(options);
    },
  );

  app.post<{ Params: { uid: string }; Body: unknown }>(
    '/idp/interaction/:uid/second-factor/passkey',
    { config: { rateLimit: formRateLimit } },
    async (request, reply) => {
      const pending = await passkeyStepOf(request, reply);
      if (!pending) return reply;
      const { accountId } = pending.step;
      const passkey = await authenticatedPasskeyOf(request, reply, {
        db,
        issuer,
        relyingParty,
        interactionUid: pending.interaction.uid,
        accountId,
        notRecognisedMessage:
          'This passkey is not one of your account’s passkeys. Use another, or your authenticator app.',
      });
      if (!passkey) return reply;
      await clearSecondFactorFailures(db, accountId);
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId, amr: PASSWORD_AND_PASSKEY_METHODS } },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').send({ redirectTo });
    },
  );

  app.get<{ Params: { uid: string } }>('/idp/interaction/:uid/enrol-totp', async (request, reply) => {
    const pending = await pendingOf(request, reply, ['enrol']);
    if (!pending) return reply;
    const enrolment =
      (await totpEnrolmentOf(db, { accountId: pending.step.accountId, email: pending.step.email })) ??
      (await startTotpEnrolment(db, { accountId: pending.step.accountId, email: pending.step.email }));
    if (!enrolment) return reply.redirect(`/idp/interaction/${pending.interaction.uid}/second-factor`, 303);
    return sendPage(reply, enrolTotpPage({ uid: pending.interaction.uid, ...enrolment }));
  });

  app.post<{ Params: { uid: string }; Body: FormBody }>(
    '/idp/interaction/:uid/enrol-totp',
    { config: { rateLimit: formRateLimit } },
    async (request, reply) => {
      const pending = await pendingOf(request, reply, ['enrol']);
      if (!pending) return reply;
      const { accountId, email } = pending.step;
      const enrolment = await totpEnrolmentOf(db, { accountId, email });
      if (!enrolment) return reply.redirect(`/idp/interaction/${pending.interaction.uid}/enrol-totp`, 303);
      const codes = await db.transaction((transaction) =>
        confirmTotpEnrolment(transaction, { accountId, code: request.body?.code ?? '' }),
      );
      if (!codes) {
        return sendPage(
          reply.status(400),
          enrolTotpPage({
            uid: pending.interaction.uid,
            ...enrolment,
            errors: {
              form: 'Please correct the field marked below.',
              fields: { code: 'The code is incorrect. Enter the 6-digit code your authenticator app shows now.' },
            },
          }),
        );
      }
      const user = await userOf(accountId);
      if (user) {
        await recordEvent(db, {
          eventType: 'user.second-factor-added',
          actor: { kind: 'user', user },
          payload: { userId: user.id, method: 'totp', step: 'sign-in', clientAddress: request.ip },
        });
        await createNotification(db, {
          userId: user.id,
          type: 'AccountSecurity',
          message:
            'Two-factor authentication with an authenticator app was turned on for your account. If this was not you, change your password.',
        });
      }
      await savePendingStep(pending.interaction, { ...pending.step, stage: 'enrolled' });
      return sendPage(reply, recoveryCodesPage({ uid: pending.interaction.uid, codes }));
    },
  );

  app.post<{ Params: { uid: string } }>('/idp/interaction/:uid/enrol-totp/done', async (request, reply) => {
    const pending = await pendingOf(request, reply, ['enrolled']);
    if (!pending) return reply;
    return finish(request, reply, pending.step.accountId, PASSWORD_AND_TOTP_METHODS);
  });

  return { continueAfterPassword: continueAfterPassword satisfies ContinueAfterPassword };
}

export type ContinueAfterPassword = (
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  account: Pick<IdentityAccountRow, 'id' | 'email'>,
) => Promise<unknown>;

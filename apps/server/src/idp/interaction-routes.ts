import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as providerErrors } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../config.js';
import { isAppError } from '../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { findUserByIdentity, markUserEmailVerified } from '../modules/users/users.service.js';
import {
  accountExistsMail,
  passwordResetMail,
  resetPasswordLink,
  verificationMail,
  verifyEmailLink,
} from './account-mails.js';
import {
  consumeAccountToken,
  issueAccountToken,
  lastAccountTokenIssuedAt,
  peekAccountToken,
} from './account-tokens.js';
import {
  findIdentityAccountByEmail,
  findIdentityAccountById,
  markIdentityEmailVerified,
  parseSignUp,
  registerIdentityAccount,
  setIdentityPassword,
  signInWithPassword,
} from './identity-accounts.js';
import {
  checkEmailPage,
  forgotPasswordPage,
  messagePage,
  resetPasswordPage,
  sendPage,
  signInPage,
  signUpPage,
  verifyEmailPage,
} from './pages.js';
import { MIN_PASSWORD_LENGTH, passwordProblem } from './password-policy.js';
import type { ContinueAfterPassword } from './second-factor-routes.js';
import type { IdentityRouteDependencies } from './route-dependencies.js';
import { signUpRefusal } from './signup-policy.js';

interface InteractionRouteDependencies extends IdentityRouteDependencies {
  mailer: Mailer;
  /** SIGNUP_MODE and SIGNUP_ALLOWED_DOMAINS. */
  signup: Config['signup'];
  /** After the right password: the second step, an enrolment MFA_POLICY asks for, or back to the portal. */
  continueAfterPassword: ContinueAfterPassword;
}

type FormBody = Record<string, string | undefined>;

/** A signed-in unverified account gets a fresh verification link at most this often. */
const VERIFICATION_RESEND_MINUTES = 10;

/**
 * The sign-in, sign-up, verification and recovery pages of the built-in provider (the sign-in pages are its
 * `interactions.url`). No answer tells whether an address has an account (docs/security.md).
 */
export function registerInteractionRoutes(app: FastifyInstance, dependencies: InteractionRouteDependencies): void {
  const { provider, db, publicUrl, issuer, mailer, signup, rateLimitPerMinute, continueAfterPassword } = dependencies;
  const formRateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };
  const tooManyAttempts = 'Too many attempts from your network. Wait a minute, then try again.';

  /** Over the limit, a person sees the page they posted from with an explanation (429), not the API's JSON. */
  const pageWhenRateLimited =
    (page: (request: FastifyRequest) => string) =>
    (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error;
      request.log.info({ code: error.code }, error.message);
      void sendPage(reply.status(429), page(request));
    };
  const uidOf = (request: FastifyRequest) => (request.params as { uid: string }).uid;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const backToPortal = (title: string, message: string) => messagePage({ title, message, returnUrl: `${publicUrl}/` });
  const linkExpired = () =>
    backToPortal(
      'Link expired',
      'This link has expired or was already used. Go back to DXP Portal and sign in or ask for a new link.',
    );

  /** The pending interaction; an expired or foreign one answers a page that leads back to the portal. */
  const interactionOf = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid && interaction.prompt.name === 'login') return interaction;
    } catch (error) {
      if (!(error instanceof providerErrors.SessionNotFound)) throw error;
    }
    await sendPage(
      reply.status(400),
      backToPortal('Sign-in expired', 'This sign-in page has expired. Go back to DXP Portal and sign in again.'),
    );
    return undefined;
  };

  const finishSignIn = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  };

  /** Mail leaves after the answer: how long SMTP takes must not tell whether an address has an account. */
  const sendInBackground = (to: string, mail: Parameters<Mailer['send']>[1]) => void mailer.send(to, mail);

  const sendVerificationLink = async (account: { id: string; email: string }) => {
    const token = await issueAccountToken(db, { accountId: account.id, purpose: 'verify-email' });
    sendInBackground(account.email, verificationMail(verifyEmailLink(publicUrl, token)));
  };

  app.get<{ Params: { uid: string } }>('/idp/interaction/:uid', async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return reply;
    if (interaction.params.screen_hint === 'signup') {
      return reply.redirect(`/idp/interaction/${interaction.uid}/sign-up`);
    }
    const loginHint = interaction.params.login_hint;
    return sendPage(
      reply,
      signInPage({ uid: interaction.uid, email: typeof loginHint === 'string' ? loginHint : undefined }),
    );
  });

  // The sign-in form even when the portal asked for sign-up first (screen_hint): its "Sign in" links lead here.
  app.get<{ Params: { uid: string } }>('/idp/interaction/:uid/sign-in', async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return reply;
    return sendPage(reply, signInPage({ uid: interaction.uid }));
  });

  app.post<{ Params: { uid: string }; Body: FormBody }>(
    '/idp/interaction/:uid/sign-in',
    {
      config: { rateLimit: formRateLimit },
      errorHandler: pageWhenRateLimited((request) =>
        signInPage({ uid: uidOf(request), errors: { form: tooManyAttempts } }),
      ),
    },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      const email = (request.body?.email ?? '').trim();
      const password = request.body?.password ?? '';
      if (!email || !password) {
        return sendPage(
          reply.status(400),
          signInPage({ uid: interaction.uid, email, errors: { form: 'Enter your email and password.' } }),
        );
      }
      const result = await signInWithPassword(db, { email, password, clientAddress: request.ip });
      switch (result.outcome) {
        case 'signed-in': {
          const { account } = result;
          // Said only after the correct password, so a guesser learns nothing of the account.
          if ((await findUserByIdentity(db, issuer, account.id))?.suspendedAt) {
            return sendPage(
              reply.status(403),
              signInPage({
                uid: interaction.uid,
                email,
                errors: { form: 'This account is suspended. Ask an administrator of the portal to reactivate it.' },
              }),
            );
          }
          if (!account.emailVerifiedAt) {
            const lastLink = await lastAccountTokenIssuedAt(db, { accountId: account.id, purpose: 'verify-email' });
            if (!lastLink || lastLink.getTime() < Date.now() - VERIFICATION_RESEND_MINUTES * 60_000) {
              await sendVerificationLink(account);
            }
          }
          return continueAfterPassword(request, reply, interaction, account);
        }
        case 'throttled':
          return sendPage(
            reply.status(429).header('retry-after', String(result.retryAfterSeconds)),
            signInPage({
              uid: interaction.uid,
              email,
              errors: {
                form: `Too many failed sign-ins with this email address from your network. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes, or choose a new password with "Forgot password?".`,
              },
            }),
          );
        case 'invalid-credentials':
          return sendPage(
            reply.status(401),
            signInPage({ uid: interaction.uid, email, errors: { form: 'The email or password is incorrect.' } }),
          );
      }
    },
  );

  app.get<{ Params: { uid: string } }>('/idp/interaction/:uid/sign-up', async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return reply;
    return sendPage(reply, signUpPage({ uid: interaction.uid, minPasswordLength: MIN_PASSWORD_LENGTH }));
  });

  app.post<{ Params: { uid: string }; Body: FormBody }>(
    '/idp/interaction/:uid/sign-up',
    {
      config: { rateLimit: formRateLimit },
      errorHandler: pageWhenRateLimited((request) =>
        signUpPage({ uid: uidOf(request), errors: { form: tooManyAttempts }, minPasswordLength: MIN_PASSWORD_LENGTH }),
      ),
    },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      // A field left out of the post counts as empty, so it gets the form's "Enter …", not a type error.
      const values = {
        email: request.body?.email ?? '',
        firstName: request.body?.firstName ?? '',
        lastName: request.body?.lastName ?? '',
      };
      const input = await parseSignUp({ ...values, password: request.body?.password ?? '' });
      if (!input.success) {
        return sendPage(
          reply.status(400),
          signUpPage({
            uid: interaction.uid,
            values,
            errors: { form: 'Please correct the fields marked below.', fields: input.fields },
            minPasswordLength: MIN_PASSWORD_LENGTH,
          }),
        );
      }
      const refusal = await signUpRefusal(db, signup, input.data.email);
      if (refusal) {
        return sendPage(
          reply.status(403),
          signUpPage({
            uid: interaction.uid,
            values,
            errors: { form: refusal, fields: { email: refusal } },
            minPasswordLength: MIN_PASSWORD_LENGTH,
          }),
        );
      }
      const registration = await registerIdentityAccount(db, input.data);
      if (registration.outcome === 'created' && registration.isFirstAccount) {
        // The installation's first account, made by whoever runs it: no one else can have the address yet.
        return finishSignIn(request, reply, registration.account.id);
      }
      if (registration.outcome === 'created') {
        await sendVerificationLink(registration.account);
      } else {
        // The owner learns of it by mail; the form answers exactly as for a new address.
        sendInBackground(
          registration.account.email,
          accountExistsMail({ signInUrl: `${publicUrl}/`, forgotPasswordUrl: `${publicUrl}/idp/forgot-password` }),
        );
      }
      return sendPage(reply, checkEmailPage({ uid: interaction.uid, email: input.data.email }));
    },
  );

  const tokenQuery = z.object({ token: z.string().max(200).default('') });

  const passwordCheckBody = z.object({
    password: z.string().max(4096),
    email: z.string().max(254).optional(),
    firstName: z.string().max(100).optional(),
    lastName: z.string().max(100).optional(),
    /** On the reset page: the account's own name and address count as personal words. */
    token: z.string().max(200).optional(),
  });

  /** The password policy as the person types (assets/password-hint.js); the form is checked again when sent. */
  app.post(
    '/idp/password-check',
    { config: { rateLimit: { max: rateLimitPerMinute * 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = passwordCheckBody.safeParse(request.body);
      if (!body.success) return reply.status(400).send({ problem: null });
      const { password, email, firstName, lastName, token } = body.data;
      const accountId = token ? await peekAccountToken(db, { token, purpose: 'reset-password' }) : undefined;
      const account = accountId ? await findIdentityAccountById(db, accountId) : undefined;
      const personalWords = account
        ? [account.email, account.firstName, account.lastName]
        : [email, firstName, lastName];
      return reply
        .header('cache-control', 'no-store')
        .send({ problem: (await passwordProblem(password, personalWords)) ?? null });
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>('/idp/verify-email', async (request, reply) => {
    const { token } = tokenQuery.parse({ token: request.query.token });
    const accountId = await peekAccountToken(db, { token, purpose: 'verify-email' });
    if (!accountId) return sendPage(reply.status(400), linkExpired());
    return sendPage(reply, verifyEmailPage({ token }));
  });

  app.post<{ Body: FormBody }>(
    '/idp/verify-email',
    {
      config: { rateLimit: formRateLimit },
      errorHandler: pageWhenRateLimited(() => backToPortal('Too many attempts', tooManyAttempts)),
    },
    async (request, reply) => {
      const token = tokenQuery.safeParse({ token: request.body?.token }).data?.token ?? '';
      const accountId = await consumeAccountToken(db, { token, purpose: 'verify-email' });
      if (!accountId) return sendPage(reply.status(400), linkExpired());
      await markIdentityEmailVerified(db, accountId);
      await markUserEmailVerified(db, { issuer, subject: accountId });
      return sendPage(
        reply,
        backToPortal(
          'Email address confirmed',
          'Thank you: your email address is confirmed. You can continue in DXP Portal.',
        ),
      );
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>('/idp/forgot-password', async (request, reply) =>
    sendPage(reply, forgotPasswordPage({ interaction: interactionParameter(request.query.interaction) })),
  );

  app.post<{ Body: FormBody }>(
    '/idp/forgot-password',
    {
      config: { rateLimit: formRateLimit },
      errorHandler: pageWhenRateLimited(() => forgotPasswordPage({ errors: { form: tooManyAttempts } })),
    },
    async (request, reply) => {
      const email = (request.body?.email ?? '').trim();
      const interaction = interactionParameter(request.body?.interaction);
      if (!z.email().safeParse(email).success) {
        return sendPage(
          reply.status(400),
          forgotPasswordPage({
            email,
            interaction,
            errors: {
              form: 'Please correct the field marked below.',
              fields: { email: 'Enter a valid email address.' },
            },
          }),
        );
      }
      const account = await findIdentityAccountByEmail(db, email);
      if (account) {
        const token = await issueAccountToken(db, { accountId: account.id, purpose: 'reset-password' });
        sendInBackground(account.email, passwordResetMail(resetPasswordLink(publicUrl, token)));
      }
      return sendPage(reply, forgotPasswordPage({ email, interaction, sent: true }));
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>('/idp/reset-password', async (request, reply) => {
    const { token } = tokenQuery.parse({ token: request.query.token });
    const accountId = await peekAccountToken(db, { token, purpose: 'reset-password' });
    if (!accountId) return sendPage(reply.status(400), linkExpired());
    const account = await findIdentityAccountById(db, accountId);
    return sendPage(reply, resetPasswordPage({ token, email: account?.email, minPasswordLength: MIN_PASSWORD_LENGTH }));
  });

  app.post<{ Body: FormBody }>(
    '/idp/reset-password',
    {
      config: { rateLimit: formRateLimit },
      errorHandler: pageWhenRateLimited(() => backToPortal('Too many attempts', tooManyAttempts)),
    },
    async (request, reply) => {
      const token = tokenQuery.safeParse({ token: request.body?.token }).data?.token ?? '';
      const password = request.body?.password ?? '';
      const accountId = await peekAccountToken(db, { token, purpose: 'reset-password' });
      const account = accountId ? await findIdentityAccountById(db, accountId) : undefined;
      if (!account) return sendPage(reply.status(400), linkExpired());
      const problem = await passwordProblem(password, [account.email, account.firstName, account.lastName]);
      if (problem) {
        return sendPage(
          reply.status(400),
          resetPasswordPage({
            token,
            email: account.email,
            minPasswordLength: MIN_PASSWORD_LENGTH,
            errors: { form: 'Please correct the field marked below.', fields: { password: problem } },
          }),
        );
      }
      // Used up only now, so a refused password leaves the link working; two posts cannot both pass.
      if (!(await consumeAccountToken(db, { token, purpose: 'reset-password' }))) {
        return sendPage(reply.status(400), linkExpired());
      }
      await db.transaction(async (transaction) => {
        await setIdentityPassword(transaction, { accountId: account.id, password });
        // The link reached the address, which proves it.
        await markIdentityEmailVerified(transaction, account.id);
      });
      await markUserEmailVerified(db, { issuer, subject: account.id });
      return sendPage(
        reply,
        backToPortal(
          'Password changed',
          'Your password is changed and you are signed out everywhere. Sign in with the new one.',
        ),
      );
    },
  );
}

/** An interaction id to lead back to, kept only if it looks like one (it is put into a link). */
function interactionParameter(value: string | undefined): string | undefined {
  return value && /^[\w-]{1,64}$/.test(value) ? value : undefined;
}

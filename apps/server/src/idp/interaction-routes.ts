import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors as providerErrors } from 'oidc-provider';
import type { DatabaseExecutor } from '../db/client.js';
import { isAppError } from '../errors.js';
import {
  createIdentityAccount,
  LOCKOUT_MINUTES,
  MIN_PASSWORD_LENGTH,
  signInWithPassword,
  signUpInputSchema,
} from './identity-accounts.js';
import { messagePage, signInPage, signUpPage } from './pages.js';

interface InteractionRouteDependencies {
  provider: Provider;
  db: DatabaseExecutor;
  publicUrl: string;
  /** Sign-in attempts and sign-ups per client address and minute; the per-account lockout covers slow guessing. */
  rateLimitPerMinute: number;
}

type FormBody = Record<string, string | undefined>;

/** The sign-in and sign-up pages the provider sends people to (its `interactions.url`). */
export function registerInteractionRoutes(app: FastifyInstance, dependencies: InteractionRouteDependencies): void {
  const { provider, db, publicUrl, rateLimitPerMinute } = dependencies;
  const signInRateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };
  const signUpRateLimit = signInRateLimit;
  const tooManyAttempts = 'Too many attempts from your network. Wait a minute, then try again.';

  /** Over the limit, a person sees the page they posted from with an explanation (429), not the API's JSON. */
  const pageWhenRateLimited =
    (page: (uid: string) => string) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error;
      request.log.info({ code: error.code }, error.message);
      return sendPage(reply.status(429), page((request.params as { uid: string }).uid));
    };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
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
      messagePage({
        title: 'Sign-in expired',
        message: 'This sign-in page has expired. Go back to DXP Portal and sign in again.',
        returnUrl: `${publicUrl}/`,
      }),
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

  app.post<{ Params: { uid: string }; Body: FormBody }>(
    '/idp/interaction/:uid/sign-in',
    {
      config: { rateLimit: signInRateLimit },
      errorHandler: pageWhenRateLimited((uid) => signInPage({ uid, errors: { form: tooManyAttempts } })),
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
      const result = await signInWithPassword(db, { email, password });
      switch (result.outcome) {
        case 'signed-in':
          return finishSignIn(request, reply, result.account.id);
        case 'locked':
          return sendPage(
            reply.status(423),
            signInPage({
              uid: interaction.uid,
              email,
              errors: {
                form: `Too many failed sign-ins: this account is locked for ${LOCKOUT_MINUTES} minutes. Try again later.`,
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
      config: { rateLimit: signUpRateLimit },
      errorHandler: pageWhenRateLimited((uid) =>
        signUpPage({ uid, errors: { form: tooManyAttempts }, minPasswordLength: MIN_PASSWORD_LENGTH }),
      ),
    },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      const values = {
        email: request.body?.email,
        firstName: request.body?.firstName,
        lastName: request.body?.lastName,
      };
      const input = signUpInputSchema.safeParse({ ...values, password: request.body?.password ?? '' });
      if (!input.success) {
        const fields = Object.fromEntries(input.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
        return sendPage(
          reply.status(400),
          signUpPage({
            uid: interaction.uid,
            values,
            errors: { form: 'Please correct the fields marked below.', fields },
            minPasswordLength: MIN_PASSWORD_LENGTH,
          }),
        );
      }
      try {
        const account = await createIdentityAccount(db, input.data);
        return await finishSignIn(request, reply, account.id);
      } catch (error) {
        if (!isAppError(error) || error.code !== 'DUPLICATE_VALUE') throw error;
        return sendPage(
          reply.status(409),
          signUpPage({
            uid: interaction.uid,
            values,
            errors: {
              form: 'An account with this email address already exists. Sign in instead.',
              fields: { email: 'This email address is already registered.' },
            },
            minPasswordLength: MIN_PASSWORD_LENGTH,
          }),
        );
      }
    },
  );
}

function sendPage(reply: FastifyReply, page: string): FastifyReply {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

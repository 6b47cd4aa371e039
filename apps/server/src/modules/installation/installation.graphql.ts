import { builder } from '../../graphql/builder.js';
import { dateTime, nullable } from '../../graphql/field-options.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { type InstallationStatus, readInstallationStatus } from './installation.service.js';
import { KEPT_SIGN_IN_REFUSALS, listSignInRefusals, type SignInRefusalRecord } from './sign-in-refusals.service.js';

const DatabaseKindEnum = describedEnum('DatabaseKind', 'Which database the installation uses.', {
  PGLITE: { value: 'pglite', description: 'The embedded PGlite, in DATA_DIR.' },
  POSTGRESQL: { value: 'postgres', description: 'A PostgreSQL server at DATABASE_URL.' },
});
const IdentityProviderKindEnum = describedEnum('IdentityProviderKind', 'Who signs people in.', {
  BUILT_IN: { value: 'built-in', description: "The portal's own OpenID provider." },
  EXTERNAL: { value: 'external', description: "The organisation's OpenID provider at OIDC_ISSUER." },
});
const SignupModeEnum = describedEnum(
  'SignupMode',
  'Who may create an account at the built-in provider (SIGNUP_MODE).',
  {
    OPEN: { value: 'open', description: 'Anyone.' },
    DOMAINS: { value: 'domains', description: 'Addresses at SIGNUP_ALLOWED_DOMAINS.' },
    INVITE: {
      value: 'invite',
      description: 'Addresses with a pending team invite, or of a person a system administrator added.',
    },
    CLOSED: { value: 'closed', description: 'Nobody: system administrators add people.' },
  },
);
const RateLimitStoreEnum = describedEnum(
  'RateLimitStore',
  'Where sign-in and other rate-limit counters live: this process, or Redis shared by every replica.',
  {
    MEMORY: { value: 'memory', description: "This process's memory." },
    REDIS: { value: 'redis', description: 'Redis at REDIS_URL, shared by every replica.' },
  },
);

const InstallationDatabaseType = builder.objectRef<InstallationStatus['database']>('InstallationDatabase').implement({
  description: "The installation's database.",
  fields: (t) => ({
    kind: t.expose('kind', { type: DatabaseKindEnum, description: 'Embedded PGlite, or PostgreSQL at DATABASE_URL.' }),
    isReachable: t.exposeBoolean('isReachable', { description: 'Whether it answered just now.' }),
    areMigrationsApplied: t.exposeBoolean('areMigrationsApplied', {
      description: "Whether every migration of this server's version has been applied.",
    }),
    serverVersion: t.exposeString(
      'serverVersion',
      nullable("The database server's version; null when it did not answer."),
    ),
  }),
});

const InstallationIdentityProviderType = builder
  .objectRef<InstallationStatus['identityProvider']>('InstallationIdentityProvider')
  .implement({
    description: 'The OpenID provider people sign in with.',
    fields: (t) => ({
      kind: t.expose('kind', { type: IdentityProviderKindEnum, description: 'Built in, or external.' }),
      issuer: t.exposeString('issuer', { description: 'The OpenID issuer URL tokens are checked against.' }),
      signupMode: t.field({
        type: SignupModeEnum,
        nullable: true,
        description: 'Who may sign up at the built-in provider; null with an external provider.',
        resolve: (provider) => provider.signup?.mode ?? null,
      }),
      signupAllowedDomains: t.stringList({
        description: 'SIGNUP_ALLOWED_DOMAINS, when signupMode is DOMAINS; empty otherwise.',
        resolve: (provider) => (provider.signup?.mode === 'domains' ? provider.signup.allowedDomains : []),
      }),
    }),
  });

const InstallationMailType = builder.objectRef<InstallationStatus['mail']>('InstallationMail').implement({
  description: 'Outgoing mail. The SMTP URL is never exposed: it carries a password.',
  fields: (t) => ({
    isConfigured: t.exposeBoolean('isConfigured', { description: 'Whether SMTP_URL is set.' }),
    fromAddress: t.exposeString('fromAddress', nullable('MAIL_FROM, when mail is configured.')),
  }),
});

const SignInRefusalType = builder.objectRef<SignInRefusalRecord>('SignInRefusal').implement({
  description: 'A sign-in or token refresh the portal refused. Never carries a token, nor an email address in full.',
  fields: (t) => ({
    refusedAt: t.expose('refusedAt', dateTime('When it was refused.')),
    reason: t.exposeString('reason', {
      description:
        'The `reason` code the person was sent (docs/api.md): a check of the provider token such as `audience`, `authorized_party`, `token_type`, `issuer`, `expiry`, `email_missing` or `discovery`, or one of the portal’s own such as `token_spent`.',
    }),
    detail: t.exposeString('detail', {
      description:
        'Which check failed and how, as the warning in the log says it; email addresses shortened, tokens left out.',
    }),
    issuer: t.exposeString('issuer', { description: 'The issuer the portal was configured with (OIDC_ISSUER).' }),
    clientId: t.exposeString('clientId', {
      description: 'The client id the portal was configured with (OIDC_CLIENT_ID).',
    }),
  }),
});

const InstallationStatusType = builder.objectRef<InstallationStatus>('InstallationStatus').implement({
  description: 'How this installation runs: kinds and yes/no answers, never a secret.',
  fields: (t) => ({
    version: t.exposeString('version', { description: 'The server version (apps/server/package.json).' }),
    environment: t.exposeString('environment', { description: 'APP_ENVIRONMENT, or NODE_ENV when it is not set.' }),
    database: t.expose('database', { type: InstallationDatabaseType, description: 'The database.' }),
    identityProvider: t.expose('identityProvider', {
      type: InstallationIdentityProviderType,
      description: 'The OpenID provider.',
    }),
    mail: t.expose('mail', { type: InstallationMailType, description: 'Outgoing mail.' }),
    isBillingWebhookSecretConfigured: t.exposeBoolean('isBillingWebhookSecretConfigured', {
      description: 'Whether BILLING_WEBHOOK_SECRET is set; the secret itself is never exposed.',
    }),
    rateLimitStore: t.expose('rateLimitStore', {
      type: RateLimitStoreEnum,
      description: 'Where rate-limit counters live.',
    }),
    isMonitoringConfigured: t.exposeBoolean('isMonitoringConfigured', {
      description: 'Whether browser monitoring is on (DATADOG_CLIENT_TOKEN).',
    }),
    isTagManagerConfigured: t.exposeBoolean('isTagManagerConfigured', { description: 'Whether GTM_ID is set.' }),
    recentSignInRefusals: t.field({
      type: [SignInRefusalType],
      description: `The latest ${KEPT_SIGN_IN_REFUSALS} refused sign-ins of every replica, newest first.`,
      resolve: (_status, _args, context) => listSignInRefusals(context.db),
    }),
  }),
});

builder.queryField('installationStatus', (t) =>
  t.field({
    type: InstallationStatusType,
    authScopes: { systemAdmin: true },
    description: "The installation's status (system administrators only).",
    resolve: (_root, _args, context) => readInstallationStatus({ db: context.db, config: context.config }),
  }),
);

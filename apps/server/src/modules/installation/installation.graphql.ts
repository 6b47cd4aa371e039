import { builder } from '../../graphql/builder.js';
import { type InstallationStatus, readInstallationStatus } from './installation.service.js';

const DatabaseKindEnum = builder.enumType('DatabaseKind', {
  values: { PGLITE: { value: 'pglite' }, POSTGRESQL: { value: 'postgres' } } as const,
});
const IdentityProviderKindEnum = builder.enumType('IdentityProviderKind', {
  values: { BUILT_IN: { value: 'built-in' }, EXTERNAL: { value: 'external' } } as const,
});
const RateLimitStoreEnum = builder.enumType('RateLimitStore', {
  description: 'Where sign-in and other rate-limit counters live: this process, or Redis shared by every replica.',
  values: { MEMORY: { value: 'memory' }, REDIS: { value: 'redis' } } as const,
});

const InstallationDatabaseType = builder.objectRef<InstallationStatus['database']>('InstallationDatabase').implement({
  fields: (t) => ({
    kind: t.expose('kind', { type: DatabaseKindEnum, description: 'Embedded PGlite, or PostgreSQL at DATABASE_URL.' }),
    isReachable: t.exposeBoolean('isReachable'),
    areMigrationsApplied: t.exposeBoolean('areMigrationsApplied'),
    serverVersion: t.exposeString('serverVersion', { nullable: true }),
  }),
});

const InstallationIdentityProviderType = builder
  .objectRef<InstallationStatus['identityProvider']>('InstallationIdentityProvider')
  .implement({
    fields: (t) => ({
      kind: t.expose('kind', { type: IdentityProviderKindEnum }),
      issuer: t.exposeString('issuer', { description: 'The OpenID issuer URL tokens are checked against.' }),
    }),
  });

const InstallationMailType = builder.objectRef<InstallationStatus['mail']>('InstallationMail').implement({
  description: 'Outgoing mail. The SMTP URL is never exposed: it carries a password.',
  fields: (t) => ({
    isConfigured: t.exposeBoolean('isConfigured', { description: 'Whether SMTP_URL is set.' }),
    fromAddress: t.exposeString('fromAddress', { nullable: true, description: 'MAIL_FROM, when mail is configured.' }),
  }),
});

const InstallationStatusType = builder.objectRef<InstallationStatus>('InstallationStatus').implement({
  description: 'How this installation runs: kinds and yes/no answers, never a secret.',
  fields: (t) => ({
    version: t.exposeString('version', { description: 'The server version (apps/server/package.json).' }),
    environment: t.exposeString('environment'),
    database: t.expose('database', { type: InstallationDatabaseType }),
    identityProvider: t.expose('identityProvider', { type: InstallationIdentityProviderType }),
    mail: t.expose('mail', { type: InstallationMailType }),
    isBillingWebhookSecretConfigured: t.exposeBoolean('isBillingWebhookSecretConfigured', {
      description: 'Whether BILLING_WEBHOOK_SECRET is set; the secret itself is never exposed.',
    }),
    rateLimitStore: t.expose('rateLimitStore', { type: RateLimitStoreEnum }),
    isMonitoringConfigured: t.exposeBoolean('isMonitoringConfigured'),
    isTagManagerConfigured: t.exposeBoolean('isTagManagerConfigured'),
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

import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: 'must be a comma-separated list of email addresses' })));

/** Every environment variable the server reads; README.md's configuration table lists each one (a test checks). */
export const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    TRUST_PROXY: z.string().trim().min(1).default('loopback,linklocal,uniquelocal'),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(2),
    GRAPHQL_TRUSTED_DOCUMENTS: z.enum(['enforce', 'off']).optional(),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** Lets NODE_ENV=production start with an http:// PUBLIC_URL (main.ts refuses it otherwise). */
    ALLOW_INSECURE_PUBLIC_URL: z.enum(['true', 'false']).default('false'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().default('./.data'),
    OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    OIDC_CLIENT_ID: optionalString,
    /** No longer read: it validated the ID token, so an API identifier there broke sign-in (see superRefine). */
    OIDC_AUDIENCE: optionalString,
    /** Only sent as `audience` in the authorize request (Auth0); never used to validate the sign-in token. */
    OIDC_API_AUDIENCE: optionalString,
    OIDC_ORGANIZATION: optionalString,
    ADMIN_EMAIL: emailList,
    /** Who may create an account at the built-in provider (docs/decisions/0119-proven-email-built-in-provider.md). */
    SIGNUP_MODE: z.enum(['open', 'domains', 'invite', 'closed']).optional(),
    /** Who must have a second factor at the built-in provider (docs/decisions/0123-second-factors-built-in-provider.md). */
    MFA_POLICY: z.enum(['optional', 'required', 'required-for-admins']).default('optional'),
    SIGNUP_ALLOWED_DOMAINS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a comma-separated list of domains such as example.com'),
        ),
      ),
    // Checked here so a bad secret stops the start at once, naming the variable (standardwebhooks decodes base64).
    BILLING_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(
          /^whsec_[A-Za-z0-9+/]+={0,2}(\s+whsec_[A-Za-z0-9+/]+={0,2})*$/,
          'must be one or more whsec_<base64> secrets separated by spaces',
        )
        .optional(),
    ),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: optionalString,
    /** How long a notification's mail waits for others to go with it (docs/decisions/0129-notification-mail-digest.md). */
    NOTIFICATION_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
    REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
    DATADOG_CLIENT_TOKEN: optionalString,
    // Goes into the Content-Security-Policy, so a host name and nothing else.
    DATADOG_SITE: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a Datadog site such as datadoghq.com or us3.datadoghq.com')
        .optional(),
    ),
    GTM_ID: optionalString.pipe(
      z
        .string()
        .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
        .optional(),
    ),
    APP_ENVIRONMENT: optionalString,
    EVENT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(3600),
    /** A session unused this long ends (docs/decisions/0126-accounts-an-administrator-runs.md); 7 days. */
    SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(366 * 24 * 60)
      .default(7 * 24 * 60),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    MUTATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Test-only: loopback ports the site lookup may fetch (a local test page); refused in production. */
    TEST_ONLY_SITE_INFO_LOOPBACK_PORTS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((port) => port.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.coerce.number<string>().int().min(1).max(65535))),
    /** Test-only: scrypt's N for new password hashes, below OWASP's 2^15 to spare tests CPU; refused in production. */
    TEST_ONLY_PASSWORD_HASH_COST: optionalString.pipe(
      z.coerce
        .number<string>()
        .int()
        .min(2)
        .max(2 ** 15)
        .refine((n) => (n & (n - 1)) === 0, 'must be a power of two from 2 to 32768')
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, context) => {
    if (env.SIGNUP_MODE === 'domains' && env.SIGNUP_ALLOWED_DOMAINS.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['SIGNUP_ALLOWED_DOMAINS'],
        message: 'is required when SIGNUP_MODE=domains',
      });
    }
    if (env.NODE_ENV === 'production' && env.TEST_ONLY_SITE_INFO_LOOPBACK_PORTS.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['TEST_ONLY_SITE_INFO_LOOPBACK_PORTS'],
        message: 'lets the server fetch its own machine and is refused when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.TEST_ONLY_PASSWORD_HASH_COST !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['TEST_ONLY_PASSWORD_HASH_COST'],
        message: 'makes stored passwords cheaper to guess and is refused when NODE_ENV=production',
      });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'is required when OIDC_ISSUER is set',
      });
    }
    for (const variable of ['OIDC_CLIENT_ID', 'OIDC_ORGANIZATION', 'OIDC_API_AUDIENCE'] as const) {
      if (env[variable] && !env.OIDC_ISSUER) {
        context.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: `is required when ${variable} is set (without it the built-in provider, with open sign-up, would run)`,
        });
      }
    }
    if (env.OIDC_AUDIENCE) {
      context.addIssue({
        code: 'custom',
        path: ['OIDC_AUDIENCE'],
        message:
          'is no longer read: the ID token is checked against OIDC_CLIENT_ID. To ask the provider for an access token ' +
          "for an API (Auth0's audience), set OIDC_API_AUDIENCE instead; otherwise remove it",
      });
    }
    const issuer = env.OIDC_ISSUER ? new URL(env.OIDC_ISSUER) : undefined;
    if (issuer && (issuer.search || issuer.hash)) {
      context.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must not have a query or a fragment' });
    }
    if (issuer?.protocol === 'http:' && env.NODE_ENV === 'production' && !isLoopbackHost(issuer.hostname)) {
      context.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'must be https:// when NODE_ENV=production (http:// only for a provider on this machine)',
      });
    }
  });

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value throws naming the variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return toConfig(parsed.data);
}

function toConfig(env: z.infer<typeof environmentSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const builtInIdentityProvider = !env.OIDC_ISSUER;
  return {
    port: env.PORT,
    host: env.HOST,
    /**
     * Which peers may set X-Forwarded-For/-Proto (proxy-addr syntax: addresses, CIDRs, `loopback`,
     * `uniquelocal`…). Trusting everyone would let any client choose the address rate limits count.
     */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY,
    publicUrl,
    isProduction: env.NODE_ENV === 'production',
    allowInsecurePublicUrl: env.ALLOW_INSECURE_PUBLIC_URL === 'true',
    /** Browsers may run only the web client's own documents (service keys any); on by default in production. */
    enforceTrustedDocuments:
      (env.GRAPHQL_TRUSTED_DOCUMENTS ?? (env.NODE_ENV === 'production' ? 'enforce' : 'off')) === 'enforce',
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { kind: 'postgres' as const, url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite' as const, dataDir: env.DATA_DIR },
    dataDir: env.DATA_DIR,
    identity: builtInIdentityProvider
      ? {
          kind: 'built-in' as const,
          issuer: `${publicUrl}/idp`,
          clientId: 'dxp-portal',
          apiAudience: undefined,
          organization: undefined,
        }
      : {
          kind: 'external' as const,
          issuer: env.OIDC_ISSUER!.replace(/\/+$/, ''),
          clientId: env.OIDC_CLIENT_ID!,
          apiAudience: env.OIDC_API_AUDIENCE,
          organization: env.OIDC_ORGANIZATION,
        },
    adminEmails: env.ADMIN_EMAIL,
    /** Open in development; in production only addresses with a pending team invite, unless set. */
    signup: {
      mode: env.SIGNUP_MODE ?? (env.NODE_ENV === 'production' ? ('invite' as const) : ('open' as const)),
      allowedDomains: env.SIGNUP_ALLOWED_DOMAINS,
    },
    /** `required`: everyone enrols a second factor at their next sign-in; `required-for-admins`: system administrators. */
    mfaPolicy: env.MFA_POLICY,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    /** A session whose last request is older than this is refused like a revoked one. */
    sessionIdleTimeoutMinutes: env.SESSION_IDLE_TIMEOUT_MINUTES,
    /** Sign-ins and sign-ups per client address and minute; an organisation behind one NAT address needs room. */
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    /** GraphQL requests with a mutation per person and minute, counted across replicas through Redis. */
    mutationRateLimitPerMinute: env.MUTATION_RATE_LIMIT_PER_MINUTE,
    billingWebhookSecrets: env.BILLING_WEBHOOK_SECRET?.split(/\s+/).filter(Boolean) ?? [],
    mail: env.SMTP_URL
      ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'DXP Portal <no-reply@localhost>' }
      : undefined,
    notificationMailDelaySeconds: env.NOTIFICATION_MAIL_DELAY_SECONDS,
    redisUrl: env.REDIS_URL,
    monitoring: env.DATADOG_CLIENT_TOKEN
      ? { clientToken: env.DATADOG_CLIENT_TOKEN, site: env.DATADOG_SITE ?? 'datadoghq.com' }
      : undefined,
    tagManagerId: env.GTM_ID,
    environment: env.APP_ENVIRONMENT ?? env.NODE_ENV,
    eventLogRetentionDays: env.EVENT_LOG_RETENTION_DAYS,
    siteInfo: { testOnlyLoopbackPorts: env.TEST_ONLY_SITE_INFO_LOOPBACK_PORTS },
    testOnlyPasswordHashCost: env.TEST_ONLY_PASSWORD_HASH_COST,
  };
}

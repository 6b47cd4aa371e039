import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { VerifiedIdentity } from '../modules/users/users.service.js';

/** docs/spec.md §5: expiry and not-before are checked with this much leeway. */
export const PROVIDER_TOKEN_CLOCK_TOLERANCE_SECONDS = 60;
const PROVIDER_REQUEST_TIMEOUT_MS = 10_000;

/** Which check refused a provider token; logged for the administrator and sent to the browser as `reason`. */
export type ProviderTokenCheck =
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'authorized_party'
  | 'token_type'
  | 'expiry'
  | 'claims'
  | 'nonce'
  | 'organization'
  | 'discovery'
  | 'userinfo'
  | 'access_token_hash'
  | 'email_missing';

export class ProviderTokenError extends Error {
  override name = 'ProviderTokenError';

  constructor(
    readonly check: ProviderTokenCheck,
    message: string,
  ) {
    super(message);
  }
}

/** The provider as discovery describes it: its signing keys and, when it has one, its userinfo endpoint. */
export interface DiscoveredProvider {
  keys: JWTVerifyGetKey;
  userInfoEndpoint: () => Promise<string | undefined>;
}

export interface ProviderTokensOptions extends DiscoveredProvider {
  issuer: string;
  /** The portal's client id: the ID token's audience and, when it names one, its authorised party. */
  clientId: string;
  /** When set, the token's `org_id` claim must equal it. */
  organization?: string | undefined;
}

const identityClaimsSchema = z.object({
  email: z.email().optional(),
  // Some providers send the string "true"; anything else (missing, false, "false", 1) is unverified.
  email_verified: z.unknown().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});
type IdentityClaims = z.infer<typeof identityClaimsSchema>;

const idTokenSchema = identityClaimsSchema.extend({
  sub: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
  at_hash: z.string().optional(),
  // Informational only: a malformed value is dropped rather than refusing the sign-in.
  amr: z.array(z.string()).optional().catch(undefined),
  acr: z.string().optional().catch(undefined),
});

/** An ID token whose every check of docs/spec.md §5 passed; its identity claims may still be incomplete. */
export interface VerifiedIdToken {
  issuer: string;
  subject: string;
  /** `iat` and `exp`, seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  /** `amr` and `acr`: how the provider authenticated the person, when it says. */
  authenticationMethods?: string[] | undefined;
  authenticationContext?: string | undefined;
  claims: IdentityClaims;
  /** `at_hash`: names the access token issued with this ID token, when the provider says. */
  accessTokenHash?: string | undefined;
}

/** The identity, and what the portal's session records about the token itself. */
export interface VerifiedProviderToken extends VerifiedIdentity {
  issuedAt: number;
  expiresAt: number;
  authenticationMethods?: string[] | undefined;
  authenticationContext?: string | undefined;
}

export interface ProviderTokens {
  verifyIdToken(idToken: string, options?: { nonce?: string | undefined }): Promise<VerifiedIdToken>;
  /**
   * The person of a verified ID token. Claims it lacks (email, names) are read from the provider's userinfo
   * endpoint with the provider's access token, as providers with slim ID tokens expect (OpenID Connect Core 5.4).
   */
  identityOf(token: VerifiedIdToken, providerAccessToken?: string): Promise<VerifiedProviderToken>;
}

/** Verifies provider ID tokens with every check of docs/spec.md §5, and completes their identity from userinfo. */
export function createProviderTokens(options: ProviderTokensOptions): ProviderTokens {
  const verifyIdToken = async (idToken: string, { nonce }: { nonce?: string | undefined } = {}) => {
    const { payload, protectedHeader } = await jwtVerify(idToken, options.keys, {
      // Some providers (Auth0) write their issuer with a trailing slash.
      issuer: [options.issuer, `${options.issuer}/`],
      // Only RS256: refuses `none`, HMAC keyed with the public key and every other algorithm.
      algorithms: ['RS256'],
      clockTolerance: PROVIDER_TOKEN_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    }).catch((error: unknown) => {
      throw toProviderTokenError(error);
    });
    // Before the audience, so a provider's access token is logged as what it is.
    refuseAccessToken(protectedHeader.typ, payload);
    checkAudience(payload, options.clientId);
    if (nonce !== undefined && payload.nonce !== nonce) {
      throw new ProviderTokenError('nonce', 'the nonce does not match the one of the authorization request');
    }
    if (options.organization !== undefined && payload.org_id !== options.organization) {
      throw new ProviderTokenError('organization', 'the token belongs to another organisation');
    }
    const parsed = idTokenSchema.safeParse(payload);
    if (!parsed.success) {
      throw new ProviderTokenError('claims', `malformed claims: ${issuePaths(parsed.error)}`);
    }
    const { sub, iat, exp, at_hash, amr, acr, ...claims } = parsed.data;
    return {
      issuer: options.issuer,
      subject: sub,
      issuedAt: iat,
      expiresAt: exp,
      authenticationMethods: amr,
      authenticationContext: acr,
      claims,
      accessTokenHash: at_hash,
    };
  };

  const readUserInfo = async (token: VerifiedIdToken, accessToken: string): Promise<IdentityClaims> => {
    if (token.accessTokenHash !== undefined && token.accessTokenHash !== accessTokenHashOf(accessToken)) {
      throw new ProviderTokenError('access_token_hash', 'the access token is not the one issued with the ID token');
    }
    const endpoint = await options.userInfoEndpoint();
    if (!endpoint) throw new ProviderTokenError('userinfo', 'the provider has no userinfo endpoint');
    const response = await fetch(endpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_REQUEST_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new ProviderTokenError('userinfo', `userinfo at ${endpoint} could not be reached: ${String(error)}`);
    });
    if (!response.ok) throw new ProviderTokenError('userinfo', `userinfo at ${endpoint} answered ${response.status}`);
    const body = (await response.json().catch(() => undefined)) as unknown;
    const parsed = identityClaimsSchema.extend({ sub: z.string() }).safeParse(body);
    if (!parsed.success) {
      throw new ProviderTokenError('userinfo', `userinfo answered malformed claims: ${issuePaths(parsed.error)}`);
    }
    // OpenID Connect Core 5.3.4: a userinfo answer about someone else must not be used.
    if (parsed.data.sub !== token.subject) {
      throw new ProviderTokenError('userinfo', 'userinfo describes another subject than the ID token');
    }
    return parsed.data;
  };

  return {
    verifyIdToken,
    async identityOf(token, providerAccessToken) {
      const fromIdToken = token.claims;
      const lacksNames = [fromIdToken.given_name, fromIdToken.family_name, fromIdToken.name].every(
        (claim) => claim === undefined,
      );
      const fromUserInfo =
        (fromIdToken.email === undefined || lacksNames) && providerAccessToken
          ? await readUserInfo(token, providerAccessToken)
          : undefined;
      // email_verified speaks of the address it came with, so both come from the same source.
      const emailSource = fromIdToken.email !== undefined ? fromIdToken : fromUserInfo;
      if (emailSource?.email === undefined) {
        throw new ProviderTokenError(
          'email_missing',
          providerAccessToken
            ? 'neither the ID token nor userinfo has an email: grant the portal the "email" scope'
            : 'the ID token has no email and no provider access token came to read userinfo',
        );
      }
      const names = lacksNames && fromUserInfo ? fromUserInfo : fromIdToken;
      return {
        issuer: token.issuer,
        subject: token.subject,
        email: emailSource.email,
        isEmailVerified: emailSource.email_verified === true || emailSource.email_verified === 'true',
        ...namesOf(names),
        issuedAt: token.issuedAt,
        expiresAt: token.expiresAt,
        authenticationMethods: token.authenticationMethods,
        authenticationContext: token.authenticationContext,
      };
    },
  };
}

/** Given and family name as a pair; otherwise the full name split at its first space (authentik's `given_name` is the full name). */
function namesOf({ given_name, family_name, name }: IdentityClaims): { firstName: string; lastName: string } {
  if (given_name !== undefined && family_name !== undefined) return { firstName: given_name, lastName: family_name };
  const [first, ...rest] = (name ?? given_name ?? '').split(' ');
  return { firstName: first ?? '', lastName: rest.join(' ') || (family_name ?? '') };
}

/**
 * Access tokens that are JWTs say so in one of these ways (RFC 9068's `typ`, Keycloak's `typ` claim, Cognito's
 * `token_use`, the `scope`/`scp` that only access tokens carry); an ID token never does.
 */
function refuseAccessToken(headerType: string | undefined, payload: JWTPayload): void {
  const mediaType = headerType?.toLowerCase().replace(/^application\//, '');
  const reason =
    mediaType === 'at+jwt'
      ? `its type is ${headerType}`
      : typeof payload.typ === 'string' && payload.typ !== 'ID'
        ? `its typ claim is ${payload.typ}`
        : payload.token_use !== undefined && payload.token_use !== 'id'
          ? `its token_use is ${JSON.stringify(payload.token_use)}`
          : payload.scope !== undefined || payload.scp !== undefined
            ? 'it carries scopes'
            : undefined;
  if (reason) throw new ProviderTokenError('token_type', `an access token, not an ID token: ${reason}`);
}

/** OpenID Connect Core 3.1.3.7: this client among the audiences, and the authorised party when there are several. */
function checkAudience(payload: JWTPayload, clientId: string): void {
  const audiences = payload.aud === undefined ? [] : [payload.aud].flat();
  if (!audiences.includes(clientId)) {
    throw new ProviderTokenError('audience', `its aud is ${audiences.join(', ') || 'missing'}, not ${clientId}`);
  }
  if (payload.azp !== undefined && payload.azp !== clientId) {
    throw new ProviderTokenError(
      'authorized_party',
      `issued to client ${JSON.stringify(payload.azp)}, not ${clientId}`,
    );
  }
  if (audiences.length > 1 && payload.azp === undefined) {
    throw new ProviderTokenError('authorized_party', 'several audiences and no azp naming this client');
  }
}

/** `at_hash` for RS256: the left half of the access token's SHA-256, base64url. */
function accessTokenHashOf(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
}

function issuePaths(error: z.ZodError): string {
  return error.issues.map((issue) => issue.path.join('.')).join(', ');
}

function toProviderTokenError(error: unknown): ProviderTokenError {
  if (error instanceof ProviderTokenError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof errors.JWTExpired) return new ProviderTokenError('expiry', message);
  if (error instanceof errors.JWTClaimValidationFailed) {
    const check = { iss: 'issuer', nbf: 'expiry', iat: 'expiry' }[error.claim] ?? 'claims';
    return new ProviderTokenError(check as ProviderTokenCheck, message);
  }
  if (error instanceof errors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(message))) {
    return new ProviderTokenError('discovery', `the provider's keys could not be fetched: ${message}`);
  }
  return new ProviderTokenError('signature', message);
}

const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url(), userinfo_endpoint: z.url().optional() });

/**
 * The issuer's signing keys and userinfo endpoint found through OpenID discovery. Discovery runs on first use and
 * again after a failure, so the server starts even while the provider is unreachable.
 */
export function discoverProvider(issuer: string): DiscoveredProvider {
  let discovered: Promise<{ keys: JWTVerifyGetKey; userInfoEndpoint: string | undefined }> | undefined;
  const discover = async () => {
    const location = `${issuer}/.well-known/openid-configuration`;
    const response = await fetch(location, { signal: AbortSignal.timeout(PROVIDER_REQUEST_TIMEOUT_MS) }).catch(
      (error: unknown) => {
        throw new ProviderTokenError('discovery', `OpenID discovery at ${location} failed: ${String(error)}`);
      },
    );
    if (!response.ok)
      throw new ProviderTokenError('discovery', `OpenID discovery at ${location} answered ${response.status}`);
    const document = discoverySchema.safeParse(await response.json().catch(() => undefined));
    if (!document.success) {
      throw new ProviderTokenError('discovery', `OpenID discovery at ${location} lacks ${issuePaths(document.error)}`);
    }
    if (document.data.issuer.replace(/\/+$/, '') !== issuer) {
      throw new ProviderTokenError(
        'discovery',
        `OpenID discovery names issuer ${document.data.issuer}, expected ${issuer}`,
      );
    }
    return {
      keys: createRemoteJWKSet(new URL(document.data.jwks_uri)),
      userInfoEndpoint: document.data.userinfo_endpoint,
    };
  };
  const current = () =>
    (discovered ??= discover().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    }));
  return {
    keys: async (header, token) => (await current()).keys(header, token),
    userInfoEndpoint: async () => (await current()).userInfoEndpoint,
  };
}

/** The tokens of the configured provider; the built-in one hands over its public keys and puts every claim in the ID token. */
export function createConfiguredProviderTokens(
  identity: Config['identity'],
  builtInProviderKeys: JSONWebKeySet | undefined,
): ProviderTokens {
  const provider: DiscoveredProvider =
    identity.kind === 'built-in'
      ? {
          keys: createLocalJWKSet(requireKeys(builtInProviderKeys)),
          userInfoEndpoint: () => Promise.resolve(undefined),
        }
      : discoverProvider(identity.issuer);
  return createProviderTokens({
    issuer: identity.issuer,
    clientId: identity.clientId,
    organization: identity.organization,
    ...provider,
  });
}

function requireKeys(keys: JSONWebKeySet | undefined): JSONWebKeySet {
  if (!keys) throw new Error('the built-in identity provider must be started before tokens can be verified');
  return keys;
}

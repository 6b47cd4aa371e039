import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { VerifiedIdentity } from '../modules/users/users.service.js';

/** docs/spec.md §5: expiry and not-before are checked with this much leeway. */
export const PROVIDER_TOKEN_CLOCK_TOLERANCE_SECONDS = 60;

export interface ProviderTokenVerifierOptions {
  issuer: string;
  audience: string;
  /** When set, the token's `org_id` claim must equal it. */
  organization?: string | undefined;
  keys: JWTVerifyGetKey;
}

/** The identity, and what the portal's session records about the token itself. */
export interface VerifiedProviderToken extends VerifiedIdentity {
  /** `iat` and `exp`, seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  /** `amr` and `acr`: how the provider authenticated the person, when it says. */
  authenticationMethods?: string[] | undefined;
  authenticationContext?: string | undefined;
}

export type ProviderTokenVerifier = (
  idToken: string,
  options?: { nonce?: string | undefined },
) => Promise<VerifiedProviderToken>;

export class ProviderTokenError extends Error {
  override name = 'ProviderTokenError';
}

const identityClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  // Some providers send the string "true"; anything else (missing, false, "false", 1) is unverified.
  email_verified: z.unknown().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  iat: z.number(),
  exp: z.number(),
  // Informational only: a malformed value is dropped rather than refusing the sign-in.
  amr: z.array(z.string()).optional().catch(undefined),
  acr: z.string().optional().catch(undefined),
});

/** Verifies a provider ID token with every check of docs/spec.md §5. */
export function createProviderTokenVerifier(options: ProviderTokenVerifierOptions): ProviderTokenVerifier {
  return async (idToken, { nonce } = {}) => {
    const { payload } = await jwtVerify(idToken, options.keys, {
      // Some providers (Auth0) write their issuer with a trailing slash.
      issuer: [options.issuer, `${options.issuer}/`],
      audience: options.audience,
      // Only RS256: refuses `none`, HMAC keyed with the public key and every other algorithm.
      algorithms: ['RS256'],
      clockTolerance: PROVIDER_TOKEN_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (nonce !== undefined && payload.nonce !== nonce) {
      throw new ProviderTokenError('the nonce does not match');
    }
    if (options.organization !== undefined && payload.org_id !== options.organization) {
      throw new ProviderTokenError('the token belongs to another organisation');
    }
    const claims = identityClaimsSchema.safeParse(payload);
    if (!claims.success) {
      throw new ProviderTokenError(
        `the token lacks identity claims: ${claims.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
      );
    }
    const { sub, email, email_verified, given_name, family_name, name, iat, exp, amr, acr } = claims.data;
    return {
      issuer: options.issuer,
      subject: sub,
      email,
      isEmailVerified: email_verified === true || email_verified === 'true',
      firstName: given_name ?? name?.split(' ')[0] ?? '',
      lastName: family_name ?? name?.split(' ').slice(1).join(' ') ?? '',
      issuedAt: iat,
      expiresAt: exp,
      authenticationMethods: amr,
      authenticationContext: acr,
    };
  };
}

const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

/**
 * The issuer's signing keys found through OpenID discovery. Discovery runs on first use and again
 * after a failure, so the server starts even while the provider is unreachable.
 */
export function discoverProviderKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new ProviderTokenError(`OpenID discovery at ${issuer} answered ${response.status}`);
    const document = discoverySchema.parse(await response.json());
    if (document.issuer.replace(/\/+$/, '') !== issuer) {
      throw new ProviderTokenError(`OpenID discovery names issuer ${document.issuer}, expected ${issuer}`);
    }
    return createRemoteJWKSet(new URL(document.jwks_uri));
  };
  return async (header, token) => {
    keys ??= discover().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}

/** The verifier for the configured provider; the built-in one hands over its public keys directly. */
export function createConfiguredProviderTokenVerifier(
  identity: Config['identity'],
  builtInProviderKeys: JSONWebKeySet | undefined,
): ProviderTokenVerifier {
  const keys =
    identity.kind === 'built-in'
      ? createLocalJWKSet(requireKeys(builtInProviderKeys))
      : discoverProviderKeys(identity.issuer);
  return createProviderTokenVerifier({
    issuer: identity.issuer,
    audience: identity.audience,
    organization: identity.organization,
    keys,
  });
}

function requireKeys(keys: JSONWebKeySet | undefined): JSONWebKeySet {
  if (!keys) throw new Error('the built-in identity provider must be started before tokens can be verified');
  return keys;
}

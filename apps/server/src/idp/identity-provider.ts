import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.js';
import type { DatabaseExecutor } from '../db/client.js';
import { ensureSigningKey } from '../auth/signing-keys.js';
import { findIdentityAccountById } from './identity-accounts.js';
import { colourModeFromCookies, inColourMode, messagePage, signOutPage } from './pages.js';
import { createDatabaseAdapterFactory } from './provider-adapter.js';

export const IDENTITY_PROVIDER_MOUNT_PATH = '/idp';
const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const DAY_SECONDS = 86_400;

export interface IdentityProvider {
  provider: Provider;
  /** Public keys of the ID tokens it signs, for verifying them without a network round trip. */
  publicKeys: JSONWebKeySet;
}

/** The built-in OpenID provider: one first-party public client (the SPA), PKCE S256, RS256 ID tokens. */
export async function createIdentityProvider(
  db: DatabaseExecutor,
  config: Pick<Config, 'publicUrl' | 'identity'>,
): Promise<IdentityProvider> {
  const signingKey = await ensureSigningKey(db, 'identity-provider', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' };
  });
  const cookieKey = await ensureSigningKey(db, 'identity-provider-cookies', () =>
    Promise.resolve({
      kty: 'oct',
      k: randomBytes(32).toString('base64url'),
    }),
  );
  const { clientId } = config.identity;
  const isHttps = config.publicUrl.startsWith('https://');

  const configuration: Configuration = {
    adapter: createDatabaseAdapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'DXP Portal',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        redirect_uris: [`${config.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: 'RS256',
        scope: SUPPORTED_SCOPES.join(' '),
      },
    ],
    jwks: { keys: [signingKey.privateJwk] },
    cookies: {
      keys: [cookieKey.privateJwk.k!],
      long: { secure: isHttps },
      short: { secure: isHttps },
    },
    scopes: SUPPORTED_SCOPES,
    claims: {
      // `amr`: how the person signed in (a password, a second factor, a passkey), recorded on the portal's session.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The portal reads the profile from the ID token it exchanges (docs/api.md), not from userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Auth0's hint for opening the registration page first; the SPA sends it from "Create account".
    extraParams: ['screen_hint'],
    // Only the portal's own origin calls the token endpoints from a browser.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    // The provider drops `offline_access` unless the request says prompt=consent, which a first-party
    // client never needs; its refresh tokens still end with the provider session (expiresWithSession).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        // Only the person's own ID token as the hint (which the web client keeps, and another site cannot have)
        // signs out without asking; a link or form from elsewhere gets the question.
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          const hintSubject = ctx.oidc.entities.IdTokenHint?.payload.sub;
          ctx.type = 'html';
          ctx.body = inColourMode(
            signOutPage(form, {
              submitAtOnce: hintSubject !== undefined && hintSubject === ctx.oidc.session?.accountId,
            }),
            colourModeFromCookies(ctx.get('cookie')),
          );
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = inColourMode(
            messagePage({ title: 'Signed out', message: 'You are signed out.', returnUrl: `${config.publicUrl}/` }),
            colourModeFromCookies(ctx.get('cookie')),
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${IDENTITY_PROVIDER_MOUNT_PATH}/interaction/${interaction.uid}` },
    // The portal is this provider's own first-party client: signing in is consent enough.
    loadExistingGrant: async (ctx) => {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const grant =
        (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(typeof params?.scope === 'string' ? params.scope : 'openid');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, accountId) => {
      const account = await findIdentityAccountById(db, accountId);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          // Only a link mailed to the address and opened proves it (docs/security.md).
          email_verified: account.emailVerifiedAt !== null,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`.trim(),
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      // oidc-provider's own wording is for developers: people get a way back, the code is there for support.
      ctx.body = inColourMode(
        messagePage({
          title: 'Sign-in problem',
          message: 'This sign-in could not go on: it may have expired or been opened twice. Go back and sign in again.',
          detail: `Error code: ${out.error}`,
          returnUrl: `${config.publicUrl}/`,
        }),
        colourModeFromCookies(ctx.get('cookie')),
      );
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 30 * DAY_SECONDS,
      Session: 14 * DAY_SECONDS,
      RefreshToken: 14 * DAY_SECONDS,
    },
  };

  const provider = new Provider(config.identity.issuer, configuration);
  // Fastify already trusts X-Forwarded-* (trustProxy); the provider must build the same URLs.
  provider.proxy = true;
  const { kty, n, e, kid } = signingKey.privateJwk;
  return { provider, publicKeys: { keys: [{ kty, n, e, kid, alg: 'RS256', use: 'sig' }] } };
}

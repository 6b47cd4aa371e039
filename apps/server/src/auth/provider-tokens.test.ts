import { createHash, createHmac } from 'node:crypto';
import { base64url, type CryptoKey, exportSPKI, generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentityProvider, type TestIdentityProvider } from '../test/identity-provider.js';
import { createProviderTokens, discoverProvider, type ProviderTokens } from './provider-tokens.js';

let provider: TestIdentityProvider;
let tokens: ProviderTokens;
let tokensForOrganization: ProviderTokens;
const now = () => Math.floor(Date.now() / 1000);
const verify = (idToken: string, options?: { nonce?: string }) => tokens.verifyIdToken(idToken, options);
const verifyForOrganization = (idToken: string) => tokensForOrganization.verifyIdToken(idToken);
/** The identity a sign-in would record: the ID token's claims, completed from userinfo with the access token. */
const identityOf = async (idToken: string, accessToken?: string) =>
  tokens.identityOf(await tokens.verifyIdToken(idToken), accessToken);

beforeAll(async () => {
  provider = await startTestIdentityProvider({ clientId: 'dxp-portal' });
  const discovered = discoverProvider(provider.issuer);
  tokens = createProviderTokens({ issuer: provider.issuer, clientId: 'dxp-portal', ...discovered });
  tokensForOrganization = createProviderTokens({
    issuer: provider.issuer,
    clientId: 'dxp-portal',
    organization: 'org_acme',
    ...discovered,
  });
});
afterAll(async () => {
  await provider.close();
});

function encodeSegment(value: object): string {
  return base64url.encode(JSON.stringify(value));
}

describe('API2:2023 broken authentication (ASVS V9, V10.5) – provider ID token verification', () => {
  it('accepts a valid token found through discovery and returns the identity', async () => {
    const identity = await tokens.identityOf(
      await verify(await provider.signIdToken({ nonce: 'n-1' }), { nonce: 'n-1' }),
    );
    expect(identity).toMatchObject({
      issuer: provider.issuer,
      subject: 'provider-user-1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isEmailVerified: false,
    });
  });

  it('trusts the email only when email_verified is true or "true" (a missing claim is unverified)', async () => {
    const cases: [unknown, boolean][] = [
      [true, true],
      ['true', true],
      [undefined, false],
      [false, false],
      ['false', false],
      [1, false],
      ['TRUE', false],
    ];
    for (const [claim, expected] of cases) {
      const identity = await identityOf(await provider.signIdToken({ email_verified: claim }));
      expect({ claim, isEmailVerified: identity.isEmailVerified }).toEqual({ claim, isEmailVerified: expected });
    }
  });

  it('ASVS V10.5.3 – refuses another issuer', async () => {
    await expect(verify(await provider.signIdToken({ iss: 'https://evil.example' }))).rejects.toThrow(/iss/);
  });

  it('ASVS V10.5.2 – refuses a token without a subject', async () => {
    await expect(verify(await provider.signIdToken({ sub: undefined }))).rejects.toThrow(/sub/);
  });

  it('ASVS V10.5.4 – refuses another audience', async () => {
    await expect(verify(await provider.signIdToken({ aud: 'another-client' }))).rejects.toThrow(/aud/);
  });

  it('ASVS V9.1.2 – refuses an unsigned token (alg none)', async () => {
    const unsigned = `${encodeSegment({ alg: 'none', typ: 'JWT' })}.${encodeSegment({ sub: 'x', iss: provider.issuer, aud: 'dxp-portal', exp: now() + 60, iat: now(), email: 'a@b.c' })}.`;
    await expect(verify(unsigned)).rejects.toThrow(/alg|unsecured/i);
  });

  it('ASVS V9.1.2 – refuses HS256 keyed with the public key', async () => {
    const publicPem = await exportSPKI(
      (await importJWK(provider.publicJwk, 'RS256', { extractable: true })) as CryptoKey,
    );
    const signingInput = `${encodeSegment({ alg: 'HS256', typ: 'JWT', kid: provider.keyId })}.${encodeSegment({ sub: 'x', iss: provider.issuer, aud: 'dxp-portal', exp: now() + 60, iat: now(), email: 'a@b.c' })}`;
    const signature = createHmac('sha256', publicPem).update(signingInput).digest('base64url');
    await expect(verify(`${signingInput}.${signature}`)).rejects.toThrow(/alg/);
  });

  it('ASVS V9.1.2 – refuses ES256 even under a known key id', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({ sub: 'x', email: 'a@b.c' })
      .setProtectedHeader({ alg: 'ES256', kid: provider.keyId })
      .setIssuer(provider.issuer)
      .setAudience('dxp-portal')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await expect(verify(token)).rejects.toThrow(/alg/);
  });

  it('ASVS V9.1.3 – refuses an unknown key id', async () => {
    await expect(verify(await provider.signIdToken({}, { kid: 'unknown-key' }))).rejects.toThrow(/no applicable key/i);
  });

  it('ASVS V9.1.1 – refuses an altered payload', async () => {
    const [header, , signature] = (await provider.signIdToken()).split('.');
    const altered = encodeSegment({
      sub: 'someone-else',
      iss: provider.issuer,
      aud: 'dxp-portal',
      exp: now() + 60,
      iat: now(),
      email: 'a@b.c',
    });
    await expect(verify(`${header}.${altered}.${signature}`)).rejects.toThrow(/signature/);
  });

  it('ASVS V10.5.1 – checks the nonce when one is sent', async () => {
    const token = await provider.signIdToken({ nonce: 'expected' });
    await expect(verify(token, { nonce: 'other' })).rejects.toThrow(/nonce/);
    await expect(verify(await provider.signIdToken(), { nonce: 'expected' })).rejects.toThrow(/nonce/);
    await expect(verify(token)).resolves.toMatchObject({ subject: 'provider-user-1' });
  });

  it('ASVS V9.2.1 – allows 60 seconds of clock skew on expiry and no more', async () => {
    await expect(verify(await provider.signIdToken({ iat: now() - 600, exp: now() - 59 }))).resolves.toBeDefined();
    await expect(verify(await provider.signIdToken({ iat: now() - 600, exp: now() - 61 }))).rejects.toThrow(/exp/);
  });

  it('ASVS V9.2.1 – allows 60 seconds of clock skew on not-before and no more', async () => {
    await expect(verify(await provider.signIdToken({ nbf: now() + 59 }))).resolves.toBeDefined();
    await expect(verify(await provider.signIdToken({ nbf: now() + 61 }))).rejects.toThrow(/nbf/);
  });

  it('ASVS V9.2.3 – checks the organisation claim when an organisation is configured', async () => {
    await expect(verifyForOrganization(await provider.signIdToken({ org_id: 'org_acme' }))).resolves.toBeDefined();
    await expect(verifyForOrganization(await provider.signIdToken({ org_id: 'org_other' }))).rejects.toThrow(
      /organisation/,
    );
    await expect(verifyForOrganization(await provider.signIdToken())).rejects.toThrow(/organisation/);
  });

  it('refuses an identity without an email when no access token is sent for userinfo', async () => {
    await expect(identityOf(await provider.signIdToken({ email: undefined }))).rejects.toMatchObject({
      check: 'email_missing',
    });
  });
});

describe('API2:2023 broken authentication – an ID token of this client only (OpenID Connect Core 3.1.3.7)', () => {
  it('refuses an audience list that names this client when another client is the authorised party', async () => {
    const token = await provider.signIdToken({ aud: ['another-client', 'dxp-portal'], azp: 'another-client' });
    await expect(verify(token)).rejects.toMatchObject({ check: 'authorized_party' });
  });

  it('refuses several audiences without an authorised party', async () => {
    const token = await provider.signIdToken({ aud: ['dxp-portal', 'https://api.dxp.example'] });
    await expect(verify(token)).rejects.toMatchObject({ check: 'authorized_party' });
  });

  it('accepts several audiences when this client is the authorised party', async () => {
    const token = await provider.signIdToken({ aud: ['dxp-portal', 'https://api.dxp.example'], azp: 'dxp-portal' });
    await expect(verify(token)).resolves.toMatchObject({ subject: 'provider-user-1' });
  });

  it('refuses a single audience of this client with another authorised party', async () => {
    await expect(verify(await provider.signIdToken({ azp: 'another-client' }))).rejects.toMatchObject({
      check: 'authorized_party',
    });
  });

  it('refuses an audience that is not this client', async () => {
    await expect(verify(await provider.signIdToken({ aud: 'https://api.dxp.example' }))).rejects.toMatchObject({
      check: 'audience',
    });
  });
});

describe('API2:2023 broken authentication – an access token is never a sign-in, even with this client as audience', () => {
  it.each([
    ['a JWT access token type (RFC 9068)', {}, { typ: 'at+jwt' }],
    ['a JWT access token media type', {}, { typ: 'application/at+jwt' }],
    ["Keycloak's access token type", { typ: 'Bearer' }, {}],
    ["Cognito's access token use", { token_use: 'access' }, {}],
    ["Auth0's scope claim", { scope: 'openid profile email' }, {}],
    ["Entra ID's and Okta's scp claim", { scp: 'User.Read' }, {}],
  ])('refuses %s', async (_case, claims, header) => {
    const token = await provider.signIdToken({ nonce: 'n-1', ...claims }, header);
    await expect(verify(token, { nonce: 'n-1' })).rejects.toMatchObject({ check: 'token_type' });
  });

  it("accepts Keycloak's ID token type", async () => {
    await expect(verify(await provider.signIdToken({ typ: 'ID' }))).resolves.toBeDefined();
  });
});

describe('claims missing from the ID token come from userinfo (OpenID Connect Core 5.3)', () => {
  const slimToken = (claims: Record<string, unknown> = {}) =>
    provider.signIdToken({ email: undefined, given_name: undefined, family_name: undefined, ...claims });

  it('reads email and names from userinfo with the provider access token', async () => {
    const accessToken = provider.issueAccessToken({
      sub: 'provider-user-1',
      email: 'grace@example.com',
      email_verified: 'true',
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    await expect(identityOf(await slimToken(), accessToken)).resolves.toMatchObject({
      email: 'grace@example.com',
      isEmailVerified: true,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
  });

  it('takes email_verified from where the email came from', async () => {
    const accessToken = provider.issueAccessToken({ sub: 'provider-user-1', email: 'grace@example.com' });
    const identity = await identityOf(await slimToken({ email_verified: true }), accessToken);
    expect(identity).toMatchObject({ email: 'grace@example.com', isEmailVerified: false });
  });

  it('keeps the claims of the ID token and asks userinfo only for what is missing', async () => {
    const accessToken = provider.issueAccessToken({ sub: 'provider-user-1', email: 'other@example.com', name: 'X Y' });
    const identity = await identityOf(await slimToken({ email: 'ada@example.com' }), accessToken);
    expect(identity).toMatchObject({ email: 'ada@example.com', firstName: 'X', lastName: 'Y' });
  });

  it('refuses userinfo of another subject', async () => {
    const accessToken = provider.issueAccessToken({ sub: 'someone-else', email: 'mallory@example.com' });
    await expect(identityOf(await slimToken(), accessToken)).rejects.toMatchObject({ check: 'userinfo' });
  });

  it('refuses an access token that the ID token does not name (at_hash)', async () => {
    const accessToken = provider.issueAccessToken({ sub: 'provider-user-1', email: 'grace@example.com' });
    const atHashOf = (token: string) =>
      createHash('sha256').update(token).digest().subarray(0, 16).toString('base64url');
    await expect(
      identityOf(await slimToken({ at_hash: atHashOf('another-token') }), accessToken),
    ).rejects.toMatchObject({
      check: 'access_token_hash',
    });
    await expect(identityOf(await slimToken({ at_hash: atHashOf(accessToken) }), accessToken)).resolves.toMatchObject({
      email: 'grace@example.com',
    });
  });

  it('refuses when userinfo refuses the access token', async () => {
    await expect(identityOf(await slimToken(), 'unknown-access-token')).rejects.toMatchObject({
      check: 'userinfo',
      message: expect.stringMatching(/401/) as unknown,
    });
  });

  it("splits the full name when the given name is not paired with a family name (authentik's default)", async () => {
    const identity = await identityOf(
      await provider.signIdToken({ given_name: 'Ada Lovelace', family_name: undefined, name: 'Ada Lovelace' }),
    );
    expect(identity).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('refuses when neither the ID token nor userinfo has an email', async () => {
    const accessToken = provider.issueAccessToken({ sub: 'provider-user-1', name: 'Ada Lovelace' });
    await expect(identityOf(await slimToken(), accessToken)).rejects.toMatchObject({ check: 'email_missing' });
  });
});

import { createHmac } from 'node:crypto';
import { base64url, type CryptoKey, exportSPKI, generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentityProvider, type TestIdentityProvider } from '../test/identity-provider.js';
import { createProviderTokenVerifier, discoverProviderKeys, type ProviderTokenVerifier } from './provider-tokens.js';

let provider: TestIdentityProvider;
let verify: ProviderTokenVerifier;
let verifyForOrganization: ProviderTokenVerifier;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  provider = await startTestIdentityProvider({ clientId: 'dxp-portal' });
  const keys = discoverProviderKeys(provider.issuer);
  verify = createProviderTokenVerifier({ issuer: provider.issuer, audience: 'dxp-portal', keys });
  verifyForOrganization = createProviderTokenVerifier({
    issuer: provider.issuer,
    audience: 'dxp-portal',
    organization: 'org_acme',
    keys,
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
    const identity = await verify(await provider.signIdToken({ nonce: 'n-1' }), { nonce: 'n-1' });
    expect(identity).toEqual({
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
      const identity = await verify(await provider.signIdToken({ email_verified: claim }));
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

  it('refuses a token without an email', async () => {
    await expect(verify(await provider.signIdToken({ email: undefined }))).rejects.toThrow(/email/);
  });
});

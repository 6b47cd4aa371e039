import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload, SignJWT } from 'jose';

/**
 * A stand-in external OpenID provider on 127.0.0.1: serves discovery, JWKS and userinfo, and signs ID tokens
 * (or deliberately wrong ones) for tests. The real thing, `oidc-provider` in its own process, is
 * `standalone-provider.ts`.
 */
export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  keyId: string;
  /** An RS256 ID token for `subject`, valid for an hour unless `claims` say otherwise. */
  signIdToken(claims?: JWTPayload & { sub?: string }, header?: { typ?: string; kid?: string }): Promise<string>;
  /** An opaque access token for which the userinfo endpoint answers `claims`. */
  issueAccessToken(claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

export async function startTestIdentityProvider({ clientId = 'test-client' } = {}): Promise<TestIdentityProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const keyId = 'test-key-1';
  const publicJwk = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  let issuer = '';
  const userInfoByAccessToken = new Map<string, Record<string, unknown>>();
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo` }));
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify({ keys: [publicJwk] }));
    } else if (request.url === '/userinfo') {
      const claims = userInfoByAccessToken.get(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
      response.statusCode = claims ? 200 : 401;
      response.end(JSON.stringify(claims ?? { error: 'invalid_token' }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    privateKey,
    publicJwk,
    keyId,
    async signIdToken(claims = {}, header = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: 'ada@example.com',
        given_name: 'Ada',
        family_name: 'Lovelace',
        sub: 'provider-user-1',
        iss: issuer,
        aud: clientId,
        iat: now,
        exp: now + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', typ: header.typ ?? 'JWT', kid: header.kid ?? keyId })
        .sign(privateKey);
    },
    issueAccessToken(claims) {
      const accessToken = randomBytes(16).toString('base64url');
      userInfoByAccessToken.set(accessToken, claims);
      return accessToken;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

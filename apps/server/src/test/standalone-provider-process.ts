import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** The other client of the standalone provider (its ID tokens name it, not the portal, as audience). */
export const OTHER_CLIENT_ID = 'other-app';
export const OTHER_CLIENT_REDIRECT_URI = 'http://127.0.0.1/other-app/callback';
/** A resource server of the standalone provider: asking for it yields a JWT access token (RFC 9068). */
export const API_RESOURCE = 'https://api.dxp.example';
/** What standalone-provider.ts prints, followed by its issuer, once it answers. */
export const READY_LINE = 'standalone OpenID provider ready at ';

export interface StandaloneProviderOptions {
  portalUrls: string[];
  clientId?: string;
  /** A private RS256 JWK to sign with; two processes given the same key act as two tenants of one provider. */
  signingKey?: object;
}

export interface StandaloneProvider {
  issuer: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** standalone-provider.ts in a child process, as CI and the browser journeys run it. */
export function startStandaloneProvider(options: StandaloneProviderOptions): Promise<StandaloneProvider> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/standalone-provider.ts'], {
    cwd: new URL('../..', import.meta.url),
    env: {
      ...process.env,
      STANDALONE_PROVIDER_PORT: '0',
      STANDALONE_PROVIDER_PORTAL_URLS: options.portalUrls.join(','),
      STANDALONE_PROVIDER_CLIENT_ID: options.clientId ?? 'dxp-portal',
      ...(options.signingKey ? { STANDALONE_PROVIDER_SIGNING_KEY: JSON.stringify(options.signingKey) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const issuer = new RegExp(`${READY_LINE}(\\S+)`).exec(output)?.[1];
      if (!issuer) return;
      child.stdout.off('data', onOutput);
      resolve({
        issuer,
        process: child,
        stop: async () => {
          if (child.exitCode !== null) return;
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the standalone provider exited with ${code}:\n${output}`)));
  });
}

export interface ProviderSignIn {
  clientId: string;
  redirectUri: string;
  /** The account to sign in as on the development sign-in page. */
  login: string;
  scope?: string;
  /** Asks for an access token for this resource server (a JWT) instead of one for userinfo. */
  resource?: string;
}

export interface ProviderTokenSet {
  idToken: string;
  accessToken: string;
  nonce: string;
}

const discoverySchema = (value: unknown) => value as { authorization_endpoint: string; token_endpoint: string };

/**
 * The authorization code flow with PKCE, as a browser would walk it: the provider's development sign-in page is
 * answered with `login`, its consent page accepted, and the code exchanged for tokens.
 */
export async function signInAtProvider(issuer: string, request: ProviderSignIn): Promise<ProviderTokenSet> {
  const discovery = discoverySchema(await (await fetch(`${issuer}/.well-known/openid-configuration`)).json());
  const codeVerifier = randomBytes(32).toString('base64url');
  const nonce = randomUUID();
  const resource: Record<string, string> = request.resource ? { resource: request.resource } : {};
  const authorization = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope ?? 'openid profile email',
    state: randomUUID(),
    nonce,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...resource,
  });
  const cookies = new Map<string, string>();
  let location = `${discovery.authorization_endpoint}?${authorization}`;
  let form: URLSearchParams | undefined;
  for (let step = 0; !location.startsWith(request.redirectUri); step += 1) {
    if (step > 10) throw new Error(`the sign-in did not come back to ${request.redirectUri}`);
    const response = await fetch(location, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [name, ...value] = setCookie.split(';')[0]!.split('=');
      cookies.set(name!, value.join('='));
    }
    const next = response.headers.get('location');
    if (next) {
      location = new URL(next, location).href;
      form = undefined;
      continue;
    }
    // A development interaction page: its one form is the sign-in or the consent.
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected answer ${response.status} at ${location}: ${page.slice(0, 500)}`);
    location = new URL(action, location).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login: request.login, password: 'any' } : { prompt });
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`the provider answered ${location}`);
  const tokenResponse = await fetch(discovery.token_endpoint, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: request.redirectUri,
      client_id: request.clientId,
      code_verifier: codeVerifier,
      ...resource,
    }),
  });
  const tokens = (await tokenResponse.json()) as { id_token?: string; access_token?: string };
  if (!tokens.id_token || !tokens.access_token)
    throw new Error(`the token endpoint answered ${JSON.stringify(tokens)}`);
  return { idToken: tokens.id_token, accessToken: tokens.access_token, nonce };
}

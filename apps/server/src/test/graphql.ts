import type { UserRow } from '../db/schema/users.js';
import { createAccessTokens } from '../auth/access-tokens.js';
import { createServiceKey } from '../auth/service-keys.js';
import { createSession } from '../auth/sessions.js';
import type { TestApp } from './app.js';
import { insertTestUser } from './users.js';

export interface GraphqlResponse<Data = Record<string, unknown>> {
  status: number;
  data: Data | null | undefined;
  errors: { message: string; path?: string[]; extensions?: Record<string, unknown> }[] | undefined;
}

/** The headers of a browser's POST to /graphql, with the bearer `credential` when there is one. */
export function graphqlHeaders(credential?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    ...(credential ? { authorization: `Bearer ${credential}` } : {}),
  };
}

/** POSTs one operation to /graphql as a browser would, with an optional bearer credential. */
export async function graphqlRequest<Data = Record<string, unknown>>(
  testApp: TestApp,
  options: {
    query: string;
    variables?: Record<string, unknown>;
    operationName?: string;
    credential?: string;
    /** Extra request headers, e.g. `x-forwarded-for` to call from another client address. */
    headers?: Record<string, string>;
  },
): Promise<GraphqlResponse<Data>> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...graphqlHeaders(options.credential), ...options.headers },
    payload: JSON.stringify({
      query: options.query,
      variables: options.variables,
      operationName: options.operationName,
    }),
  });
  const body = response.json<Pick<GraphqlResponse<Data>, 'data' | 'errors'>>();
  return { status: response.statusCode, data: body.data, errors: body.errors };
}

export interface SignedInUser {
  user: UserRow;
  /** A real access token, as `/api/auth/login` issues. */
  accessToken: string;
  /** The portal session the access token names. */
  sessionId: string;
}

/** A real user in the test database with a real session and access token. */
export async function signInTestUser(
  testApp: TestApp,
  overrides: Parameters<typeof insertTestUser>[1] = {},
): Promise<SignedInUser> {
  const user = await insertTestUser(testApp.database.db, overrides);
  const accessTokens = await createAccessTokens(testApp.database.db, testApp.config);
  const session = await createSession(testApp.database.db, { userId: user.id, identityIssuer: user.identityIssuer });
  const { accessToken } = await accessTokens.issue({ userId: user.id, sessionId: session.id });
  return { user, accessToken, sessionId: session.id };
}

/** A real service key acting as `user`. */
export async function createTestServiceKey(testApp: TestApp, user: UserRow): Promise<string> {
  const { plainKey } = await createServiceKey(testApp.database.db, { userId: user.id, name: 'test key' });
  return plainKey;
}

/** The `extensions.code` of a response's first error, as a client reads it. */
export function errorCodeOf(response: Pick<GraphqlResponse, 'errors'>): unknown {
  return response.errors?.[0]?.extensions?.code;
}

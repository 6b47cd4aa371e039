// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble, createIdentityProviderDouble } from '@/test/api-double';
import { graphql } from './graphql';
import { createGraphQLClient, type GraphQLClient, GraphQLRequestError, parseError } from './graphql-client';
import { Session, sessionStorageKeys } from './session';

// The client's own test document (shared code imports no feature's operations).
const unreadCountDocument = graphql(`
  query TestUnreadCount($where: NotificationFilterInput) {
    myNotifications(first: 0, where: $where) {
      totalCount
    }
  }
`);

const unreadCount = { myNotifications: { totalCount: 1 } };

/** The test's one request: the unread count, as the notification bell might ask for it. */
function requestUnreadCount(client: GraphQLClient) {
  return client.request(unreadCountDocument, { where: { isRead: { eq: false } } });
}

async function setUp(resolveGraphQL?: NonNullable<Parameters<typeof createApiDouble>[0]>['resolveGraphQL']) {
  const api = createApiDouble({ resolveGraphQL: resolveGraphQL ?? (() => ({ body: { data: unreadCount } })) });
  const identityProvider = createIdentityProviderDouble();
  const session = new Session({ loadIdentityProvider: () => Promise.resolve(identityProvider), fetch: api.fetch });
  await session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');
  api.requests.length = 0;
  const onSessionEnded = vi.fn();
  const onError = vi.fn();
  const client = createGraphQLClient({ session, onSessionEnded, onError, fetch: api.fetch });
  return { api, session, client, onSessionEnded, onError, identityProvider };
}

describe('GraphQL client', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('POSTs the named operation with our access token and both GraphQL accept types', async () => {
    const { client, api } = await setUp();
    await expect(requestUnreadCount(client)).resolves.toEqual(unreadCount);

    const [url, init] = api.fetch.mock.calls.at(-1)!;
    expect(url).toBe('/graphql');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer access-token-1');
    expect(headers.get('accept')).toBe('application/graphql-response+json, application/json');
    const body = JSON.parse(init?.body as string) as { operationName: string; query: string; variables: unknown };
    expect(body.operationName).toBe('TestUnreadCount');
    expect(body.query).toContain('query TestUnreadCount');
    expect(body.variables).toEqual({ where: { isRead: { eq: false } } });
  });

  it('refreshes the token once on AUTH_NOT_AUTHENTICATED and repeats the call once', async () => {
    const { client, api, onSessionEnded } = await setUp();
    api.expireAccessTokens();

    await expect(requestUnreadCount(client)).resolves.toEqual(unreadCount);

    expect(api.requests).toEqual([
      'POST /graphql',
      'POST /api/auth/refresh?expiredToken=access-token-1',
      'POST /graphql',
    ]);
    expect(new Headers(api.fetch.mock.calls.at(-1)?.[1]?.headers).get('authorization')).toBe('Bearer access-token-2');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session, sends the user away and raises "Unauthorized" when the refresh fails', async () => {
    const { client, api, session, onSessionEnded } = await setUp();
    api.expireAccessTokens();
    api.rejectProviderTokens();

    await expect(requestUnreadCount(client)).rejects.toThrow('Unauthorized');

    expect(api.requests.filter((request) => request === 'POST /graphql')).toHaveLength(1);
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('keeps the session when the renewal gets no answer, as when the page navigates on during it', async () => {
    const { client, api, session, onSessionEnded, identityProvider } = await setUp();
    api.expireAccessTokens();
    identityProvider.signinSilent.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(requestUnreadCount(client)).rejects.toThrow('Failed to fetch access token');
    expect(session.getState().status).toBe('authenticated');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-1');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('does not loop when the repeated call is still not authenticated', async () => {
    const { client, api, onError } = await setUp(() => ({
      body: { errors: [{ message: 'Sign in to continue.', extensions: { code: 'AUTH_NOT_AUTHENTICATED' } }] },
    }));

    await expect(requestUnreadCount(client)).rejects.toThrow('Sign in to continue.');
    expect(api.requests.filter((request) => request === 'POST /graphql')).toHaveLength(2);
    expect(onError).toHaveBeenCalledOnce();
  });

  it('raises the first server error message and records what failed', async () => {
    const { client, onError } = await setUp(() => ({
      body: {
        data: null,
        errors: [
          { message: 'A team with this address already exists.', extensions: { code: 'DUPLICATE_VALUE' } },
          { message: 'Second problem' },
        ],
      },
    }));

    const failure = requestUnreadCount(client);
    await expect(failure).rejects.toThrow('A team with this address already exists.');
    const error = (await failure.catch((caught: unknown) => caught)) as GraphQLRequestError;
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({
      client: 'dxp-web',
      operation: { type: 'query', name: 'TestUnreadCount' },
      status: 200,
      messages: ['A team with this address already exists.', 'Second problem'],
      code: 'DUPLICATE_VALUE',
    });
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('raises a generic message with the HTTP status when the server gives no error message', async () => {
    const { client } = await setUp(() => ({ status: 502, body: {} }));
    await expect(requestUnreadCount(client)).rejects.toThrow('The TestUnreadCount request failed with HTTP status 502');
  });

  it('turns a network failure into a request error with status 0', async () => {
    const { session } = await setUp();
    const client = createGraphQLClient({
      session,
      onSessionEnded: vi.fn(),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(requestUnreadCount(client)).rejects.toMatchObject({
      status: 0,
      message: 'The server could not be reached. Check your connection.',
    });
  });
});

describe('parseError', () => {
  const operation = { type: 'mutation', name: 'AddTeam' } as const;

  it('gives a title for the product error code, the server message and field messages', () => {
    const error = new GraphQLRequestError(operation, 200, [
      {
        message: 'The request has invalid values.',
        extensions: {
          code: 'INVALID_REQUEST',
          fields: { 'input.name': ['Too short', 'Required'], 'input.friendlyId': ['Taken'] },
        },
      },
    ]);
    expect(parseError(error)).toEqual({
      title: 'Check the highlighted fields',
      message: 'The request has invalid values.',
      fieldErrors: { name: 'Too short', friendlyId: 'Taken' },
    });
  });

  it("turns a rule about one named field into that field's message", () => {
    expect(
      parseError(
        new GraphQLRequestError(operation, 200, [
          {
            message: 'Another team already uses this friendly id.',
            extensions: { code: 'DUPLICATE_VALUE', field: 'friendlyId' },
          },
        ]),
      ),
    ).toEqual({
      title: 'Already exists',
      message: 'Another team already uses this friendly id.',
      fieldErrors: { friendlyId: 'Another team already uses this friendly id.' },
    });
  });

  it('falls back to a generic title for unknown codes and plain errors', () => {
    expect(parseError(new GraphQLRequestError(operation, 500, [{ message: 'Unexpected error' }]))).toEqual({
      title: 'Something went wrong',
      message: 'Unexpected error',
    });
    expect(parseError(new Error('Unauthorized'))).toEqual({ title: 'Something went wrong', message: 'Unauthorized' });
    expect(parseError('boom')).toEqual({
      title: 'Something went wrong',
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});

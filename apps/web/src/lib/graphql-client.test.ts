import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VariablesOf } from 'gql.tada';
import { createApiDouble, createIdentityProviderDouble } from '@/test/api-double';
import { graphql } from './graphql';
import { createGraphQLClient, GraphQLRequestError, parseError } from './graphql-client';
import { Session, sessionStorageKeys } from './session';

// The client's own test document (shared code imports no feature's operations).
const getMyNotificationsDocument = graphql(`
  query TestUnreadNotifications($first: Int, $where: NotificationFilterInput, $order: [NotificationSortInput!]) {
    myNotifications(first: $first, where: $where, order: $order) {
      edges {
        cursor
        node {
          id
          type
          message
          isRead
          createdAt
          externalId
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`);

const unreadFlyoutVariables: VariablesOf<typeof getMyNotificationsDocument> = {
  first: 3,
  where: { isRead: { eq: false } },
  order: [{ createdAt: 'DESC' }],
};

const notifications = {
  myNotifications: {
    edges: [
      {
        cursor: 'c1',
        node: {
          id: 'n1',
          type: 'TeamInvite',
          message: 'You were invited to Acme',
          isRead: false,
          createdAt: '2026-11-21T10:00:00.000Z',
          externalId: null,
        },
      },
    ],
    pageInfo: { hasNextPage: false, endCursor: 'c1' },
    totalCount: 1,
  },
};

async function setUp(resolveGraphQL?: NonNullable<Parameters<typeof createApiDouble>[0]>['resolveGraphQL']) {
  const api = createApiDouble({ resolveGraphQL: resolveGraphQL ?? (() => ({ body: { data: notifications } })) });
  const identityProvider = createIdentityProviderDouble();
  const session = new Session({ loadIdentityProvider: () => Promise.resolve(identityProvider), fetch: api.fetch });
  await session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');
  api.requests.length = 0;
  const onSessionEnded = vi.fn();
  const onError = vi.fn();
  const client = createGraphQLClient({ session, onSessionEnded, onError, fetch: api.fetch });
  return { api, session, client, onSessionEnded, onError };
}

describe('GraphQL client', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('POSTs the named operation with our access token and both GraphQL accept types', async () => {
    const { client, api } = await setUp();
    await expect(client.request(getMyNotificationsDocument, unreadFlyoutVariables)).resolves.toEqual(notifications);

    const [url, init] = api.fetch.mock.calls.at(-1)!;
    expect(url).toBe('/graphql');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer access-token-1');
    expect(headers.get('accept')).toBe('application/graphql-response+json, application/json');
    const body = JSON.parse(init?.body as string) as { operationName: string; query: string; variables: unknown };
    expect(body.operationName).toBe('TestUnreadNotifications');
    expect(body.query).toContain('query TestUnreadNotifications');
    expect(body.variables).toEqual({ first: 3, where: { isRead: { eq: false } }, order: [{ createdAt: 'DESC' }] });
  });

  it('refreshes the token once on AUTH_NOT_AUTHENTICATED and repeats the call once', async () => {
    const { client, api, onSessionEnded } = await setUp();
    api.expireAccessTokens();

    await expect(client.request(getMyNotificationsDocument, unreadFlyoutVariables)).resolves.toEqual(notifications);

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

    await expect(client.request(getMyNotificationsDocument, unreadFlyoutVariables)).rejects.toThrow('Unauthorized');

    expect(api.requests.filter((request) => request === 'POST /graphql')).toHaveLength(1);
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('does not loop when the repeated call is still not authenticated', async () => {
    const { client, api, onError } = await setUp(() => ({
      body: { errors: [{ message: 'Sign in to continue.', extensions: { code: 'AUTH_NOT_AUTHENTICATED' } }] },
    }));

    await expect(client.request(getMyNotificationsDocument, unreadFlyoutVariables)).rejects.toThrow(
      'Sign in to continue.',
    );
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

    const failure = client.request(getMyNotificationsDocument, unreadFlyoutVariables);
    await expect(failure).rejects.toThrow('A team with this address already exists.');
    const error = (await failure.catch((caught: unknown) => caught)) as GraphQLRequestError;
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({
      client: 'dxp-web',
      operation: { type: 'query', name: 'TestUnreadNotifications' },
      status: 200,
      messages: ['A team with this address already exists.', 'Second problem'],
      code: 'DUPLICATE_VALUE',
    });
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('raises a generic message with the HTTP status when the server gives no error message', async () => {
    const { client } = await setUp(() => ({ status: 502, body: {} }));
    await expect(client.request(getMyNotificationsDocument, unreadFlyoutVariables)).rejects.toThrow(
      'The TestUnreadNotifications request failed with HTTP status 502',
    );
  });

  it('turns a network failure into a request error with status 0', async () => {
    const { session } = await setUp();
    const client = createGraphQLClient({
      session,
      onSessionEnded: vi.fn(),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.request(getMyNotificationsDocument, unreadFlyoutVariables)).rejects.toMatchObject({
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

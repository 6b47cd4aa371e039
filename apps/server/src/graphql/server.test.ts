import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCapturingLogger, createTestApp, type LogLine, type TestApp } from '../test/app.js';
import { createTestServiceKey, graphqlRequest, type SignedInUser, signInTestUser } from '../test/graphql.js';
import { MAX_QUERY_DEPTH, MAX_VARIABLE_DEPTH } from './armor.js';
import { acceptedMediaType } from './media-types.js';

/** The limits of `armor.ts`, as a client meets them. */
const MAX_COST = 5000;
const MAX_ALIASES = 15;
const MAX_DIRECTIVES = 20;
const MAX_TOKENS = 2000;

/** The real app with a logger whose lines the tests can read. */
async function createLoggedTestApp(): Promise<TestApp & { logLines: LogLine[] }> {
  const { logger, logLines } = createCapturingLogger();
  return { ...(await createTestApp({}, { logger })), logLines };
}

let testApp: Awaited<ReturnType<typeof createLoggedTestApp>>;
let signedIn: SignedInUser;
beforeAll(async () => {
  testApp = await createLoggedTestApp();
  signedIn = await signInTestUser(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const ACCESS_LINE = 'request completed';

/** The lines our code logged about one request, beyond its access line. */
function explanationsLogged(requestId: string) {
  return testApp.logLines.filter((line) => line.reqId === requestId && line.msg !== ACCESS_LINE);
}

async function post(payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await testApp.app.inject({ method: 'POST', url: '/graphql', payload, headers });
  return {
    status: response.statusCode,
    requestId: String(response.headers['x-request-id']),
    body: response.json<{ errors?: { message: string; extensions?: { code?: string } }[]; data?: unknown }>(),
  };
}

/** POSTs `query` as a JSON body with `headers`, answering the raw response: its media type is under test. */
function postQuery(query: string, headers: Record<string, string>) {
  return testApp.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers });
}

type GraphqlErrorsBody = { errors: { message: string; extensions: { code?: string } }[] };

describe('POST /graphql', () => {
  it('answers a query with the signed-in user', async () => {
    const response = await graphqlRequest(testApp, {
      query: '{ me { email roles } }',
      credential: signedIn.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ me: { email: signedIn.user.email, roles: ['StandardUser'] } });
  });

  it('API2:2023 broken authentication (ASVS V9.1.1) – answers a forged token with AUTH_NOT_AUTHENTICATED, so the client refreshes', async () => {
    const forged = `${signedIn.accessToken.slice(0, -4)}AAAA`;
    const response = await graphqlRequest(testApp, { query: '{ me { id } }', credential: forged });
    expect(response.status).toBe(200);
    expect(response.data).toBeNull();
    expect(response.errors?.[0]?.extensions?.code).toBe('AUTH_NOT_AUTHENTICATED');
    expect(testApp.logLines.some((line) => line.msg === 'The access token is invalid or expired')).toBe(true);
  });
});

describe('the media type of the answer (GraphQL over HTTP)', () => {
  it.each([
    ['application/graphql-response+json, application/json', 'application/graphql-response+json'],
    ['application/json', 'application/json'],
    ['*/*', 'application/json'],
    ['application/*;q=0.9', 'application/json'],
    ['text/html, application/graphql-response+json; charset=utf-8', 'application/graphql-response+json'],
    [undefined, 'application/json'],
    ['application/json; charset=iso-8859-1', null],
    ['text/html', null],
  ])('Accept %s answers %s', (accept, mediaType) => {
    expect(acceptedMediaType(accept)).toBe(mediaType);
    // Asked again, the remembered answer is the same.
    expect(acceptedMediaType(accept)).toBe(mediaType);
  });

  it('answers in the type the web client asks for first, and a request error with 400 in it', async () => {
    const ask = (query: string) =>
      postQuery(query, {
        accept: 'application/graphql-response+json, application/json',
        authorization: `Bearer ${signedIn.accessToken}`,
      });
    const answered = await ask('{ me { email } }');
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(answered.json()).toEqual({ data: { me: { email: signedIn.user.email } } });
    const refused = await ask('{ me { nothing } }');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<GraphqlErrorsBody>().errors[0]?.extensions.code).toBe('INVALID_REQUEST');
  });

  it('answers a plain JSON client in plain JSON, data and errors alike', async () => {
    const ask = (query: string) =>
      postQuery(query, { accept: 'application/json', authorization: `Bearer ${signedIn.accessToken}` });
    const answered = await ask('{ me { email } }');
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answered.body).toBe(JSON.stringify({ data: { me: { email: signedIn.user.email } } }));
    const failed = await ask('{ teamByFriendlyId(friendlyId: "team-that-never-was") { name } }');
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(failed.json()).toEqual({
      data: null,
      errors: [expect.objectContaining({ extensions: { code: 'NOT_FOUND' } })],
    });
  });

  it('refuses a client that takes no JSON with 406, saying which types it could have', async () => {
    const response = await postQuery('{ me { id } }', { accept: 'text/event-stream' });
    expect(response.statusCode).toBe(406);
    expect(response.headers.accept).toBe(
      'application/graphql-response+json; charset=utf-8, application/json; charset=utf-8',
    );
    expect(response.json<GraphqlErrorsBody>().errors[0]?.extensions.code).toBe('INVALID_REQUEST');
    expect(explanationsLogged(String(response.headers['x-request-id']))).not.toEqual([]);
  });
});

describe('the access log', () => {
  it('ASVS V16.2.5 – writes one line per request, with its status and without the query string', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh?expiredToken=eyJ.secret.part',
    });
    const lines = testApp.logLines.filter((line) => line.reqId === response.headers['x-request-id']);
    expect(lines.filter((line) => line.msg === ACCESS_LINE)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/refresh', statusCode: response.statusCode }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('eyJ.secret.part');
  });
});

describe('API8:2023 security misconfiguration – refused requests: a GraphQL-shaped 4xx, never a 500', () => {
  it.each([
    ['ASVS V2.2.1 – malformed JSON', '{"query": "{ me { id } }"', { 'content-type': 'application/json' }, 400],
    [
      'ASVS V3.5.2 CSRF – text/plain (a CSRF "simple" request)',
      '{"query":"{ me { id } }"}',
      { 'content-type': 'text/plain' },
      415,
    ],
    [
      'ASVS V3.5.2 CSRF – a form body',
      'query=%7Bme%7Bid%7D%7D',
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
    ],
    [
      'API4:2023 – a batch',
      '[{"query":"{ me { id } }"},{"query":"{ me { id } }"}]',
      { 'content-type': 'application/json' },
      400,
    ],
  ])('%s', async (_name, payload, headers, status) => {
    const response = await post(payload, headers);
    expect(response.status).toBe(status);
    expect(response.body.errors?.[0]?.message).toBeTruthy();
    expect(explanationsLogged(response.requestId)).not.toEqual([]);
  });

  it.each([
    ['no query', { variables: {} }, /Must provide query string/],
    ['a query that is not a string', { query: 42 }, /"query" param to be a string/],
    [
      'variables that are not an object',
      { query: '{ me { id } }', variables: 'id' },
      /"variables" param to be empty or an object/,
    ],
    [
      'a parameter GraphQL over HTTP does not know',
      { query: '{ me { id } }', debug: true },
      /Unexpected parameter "debug"/,
    ],
  ])('ASVS V2.2.1 – refuses a body with %s as INVALID_REQUEST, 400', async (_name, body, message) => {
    const response = await post(JSON.stringify(body), {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toMatch(message);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(explanationsLogged(response.requestId)).not.toEqual([]);
  });

  it.each([
    'null',
    '"{ me { id } }"',
    '123',
    '{"query":"{ me { id } }","operationName":5}',
    '{"query":"{ me { id } }","extensions":[]}',
  ])('ASVS V2.2.1 – answers the JSON body %s with 400 INVALID_REQUEST', async (payload) => {
    const response = await post(payload, {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(explanationsLogged(response.requestId)).not.toEqual([]);
  });

  it('API4:2023 – refuses a body over 1 MiB with 413', async () => {
    const response = await post(JSON.stringify({ query: `{ me { id } } # ${'x'.repeat(1_100_000)}` }));
    expect(response.status).toBe(413);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(explanationsLogged(response.requestId)).not.toEqual([]);
  });

  it('ASVS V3.5.3, V4.1.4 – refuses GET with 405: queries and mutations are POST only', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/graphql?query=%7Bme%7Bid%7D%7D' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(explanationsLogged(String(response.headers['x-request-id']))).not.toEqual([]);
  });

  it('names an unknown operationName', async () => {
    const response = await post(
      JSON.stringify({ query: 'query GetMe { me { id } }', operationName: 'GetSomethingElse' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toMatch(/operation/i);
    expect(explanationsLogged(response.requestId)).not.toEqual([]);
  });
});

describe('arguments', () => {
  it('ASVS V2.2.1 – refuses a DateTime that is not ISO 8601, naming where it was', async () => {
    const response = await graphqlRequest(testApp, {
      query: 'query Q($where: NotificationFilterInput) { myNotifications(where: $where) { totalCount } }',
      variables: { where: { createdAt: { gt: 'yesterday' } } },
      credential: signedIn.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.errors?.[0]?.message).toMatch(/where\.createdAt\.gt.*ISO 8601/);
  });
});

describe('API4:2023 unrestricted resource consumption (ASVS V4.3.1) – limits checked before execution', () => {
  it(`refuses variables nested deeper than ${MAX_VARIABLE_DEPTH} levels`, async () => {
    let where: Record<string, unknown> = { isRead: { eq: false } };
    for (let level = 0; level < 200; level += 1) where = { and: [where] };
    const response = await graphqlRequest(testApp, {
      query: 'query Deep($where: NotificationFilterInput) { myNotifications(where: $where) { totalCount } }',
      variables: { where },
      credential: signedIn.accessToken,
    });
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(response.errors?.[0]?.message).toMatch(/nested at most/);
  });

  const nested = (depth: number) => `{ me ${'{ a '.repeat(depth)}${'}'.repeat(depth)} }`;

  it(`refuses a query deeper than ${MAX_QUERY_DEPTH} levels, also when hidden in fragments`, async () => {
    const depth = MAX_QUERY_DEPTH + 1;
    const fragments = Array.from(
      { length: depth },
      (_, level) => `fragment F${level} on User { a { ...F${level + 1} } }`,
    ).join('\n');
    for (const query of [nested(depth), `{ me { ...F0 } } ${fragments} fragment F${depth} on User { id }`]) {
      const response = await graphqlRequest(testApp, { query, credential: signedIn.accessToken });
      expect(response.data).toBeUndefined();
      expect(response.errors?.[0]?.message).toMatch(/depth limit/i);
      expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    }
  });

  it('refuses a 20-level deep query before executing it', async () => {
    const response = await post(JSON.stringify({ query: nested(20) }));
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors?.[0]?.message).toMatch(/limit/i);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(explanationsLogged(response.requestId)).not.toEqual([]);
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from({ length: 30 }, (_, index) => `a${index}: me { id }`).join(' ');
    const response = await graphqlRequest(testApp, { query: `{ ${aliases} }`, credential: signedIn.accessToken });
    expect(response.data).toBeUndefined();
    expect(response.errors?.[0]?.message).toMatch(/aliases/i);
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
  });

  it('refuses too many tokens before parsing the whole document', async () => {
    const response = await graphqlRequest(testApp, {
      query: `{ me { ${'id '.repeat(3000)} } }`,
      credential: signedIn.accessToken,
    });
    expect(response.data).toBeUndefined();
    expect(response.errors?.[0]?.message).toMatch(/token/i);
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
  });

  /** A document the limits refuse: no data, INVALID_REQUEST, and a message naming the limit. */
  async function expectRefused(query: string, limit: RegExp) {
    const response = await graphqlRequest(testApp, { query, credential: signedIn.accessToken });
    expect(response.data).toBeUndefined();
    expect(response.errors?.[0]?.message).toMatch(limit);
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
  }

  async function expectAnswered(query: string) {
    const response = await graphqlRequest(testApp, { query, credential: signedIn.accessToken });
    expect(response.errors).toBeUndefined();
    expect(response.data).toBeTruthy();
  }

  // Each page of 100 notifications costs (2 + 1.5 × (2 + 1.5 × 5)) × 100 = 1,625: four of them are over the limit.
  const notificationPages = (count: number, first: number, selection = 'nodes { id message isRead createdAt type }') =>
    Array.from({ length: count }, (_, index) => `page${index}: myNotifications(first: ${first}) { ${selection} }`).join(
      ' ',
    );

  it(`refuses a query that costs more than ${MAX_COST}, also when hidden in fragments; a cheaper one runs`, async () => {
    await expectAnswered(`{ ${notificationPages(4, 10)} }`);
    await expectRefused(`{ ${notificationPages(4, 100)} }`, new RegExp(`cost limit of ${MAX_COST} exceeded`, 'i'));
    await expectRefused(
      `{ ...Pages } fragment Pages on Query { ${notificationPages(4, 100, '...Page')} } fragment Page on MyNotificationsConnection { nodes { id message isRead createdAt type } }`,
      new RegExp(`cost limit of ${MAX_COST} exceeded`, 'i'),
    );
  });

  it(`refuses more than ${MAX_ALIASES} aliases when they are spread over fragments, each under the limit`, async () => {
    const aliases = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}${index}: id`).join(' ');
    const half = Math.ceil((MAX_ALIASES + 1) / 2);
    await expectAnswered(`{ me { ...A } } fragment A on User { ${aliases('a', MAX_ALIASES)} }`);
    await expectRefused(
      `{ me { ...A ...B } } fragment A on User { ${aliases('a', half)} } fragment B on User { ${aliases('b', half)} }`,
      /aliases limit/i,
    );
  });

  it(`refuses more than ${MAX_DIRECTIVES} directives, also when hidden in fragments`, async () => {
    const directives = (count: number) => 'id @include(if: true) '.repeat(count);
    await expectAnswered(`{ me { ${directives(MAX_DIRECTIVES)} } }`);
    await expectRefused(`{ me { ${directives(MAX_DIRECTIVES + 1)} } }`, /directives limit/i);
    await expectRefused(
      `{ me { ...D } } fragment D on User { ${directives(MAX_DIRECTIVES + 1)} }`,
      /directives limit/i,
    );
  });

  it(`refuses more than ${MAX_TOKENS} tokens when they are spread over fragments`, async () => {
    const fragmentCount = 5;
    const spreads = Array.from({ length: fragmentCount }, (_, index) => `...T${index}`).join(' ');
    const fragments = Array.from(
      { length: fragmentCount },
      (_, index) => `fragment T${index} on User { ${'id '.repeat(MAX_TOKENS / fragmentCount)} }`,
    ).join(' ');
    await expectRefused(`{ me { ${spreads} } } ${fragments}`, /token limit/i);
  });
});

describe('API8:2023 security misconfiguration (ASVS V4.3.2, V13.4.5) – what the API tells about itself', () => {
  const introspection = '{ __schema { queryType { name } } }';

  it('never suggests field names', async () => {
    const response = await graphqlRequest(testApp, { query: '{ me { emai } }', credential: signedIn.accessToken });
    expect(response.errors?.[0]?.message).toMatch(/Cannot query field "emai"/);
    expect(JSON.stringify(response.errors)).not.toMatch(/Did you mean/);
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
  });

  it('serves no GraphiQL page, to a browser asking for HTML or otherwise', async () => {
    for (const accept of ['text/html', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
      const response = await testApp.app.inject({ method: 'GET', url: '/graphql', headers: { accept } });
      expect(response.statusCode).toBe(405);
      expect(response.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);
      expect(response.body).not.toMatch(/<html|graphiql/i);
    }
  });

  it('introspection is available outside production, for tooling', async () => {
    const response = await graphqlRequest(testApp, { query: introspection });
    expect(response.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('introspection is refused in production', async () => {
    const productionApp = await createTestApp({ NODE_ENV: 'production' });
    try {
      // A service key may send documents the web client does not (trusted documents), yet not introspect.
      const { user } = await signInTestUser(productionApp);
      const serviceKey = await createTestServiceKey(productionApp, user);
      const response = await graphqlRequest(productionApp, { query: introspection, credential: serviceKey });
      expect(response.data).toBeUndefined();
      expect(response.errors?.[0]?.message).toMatch(/introspection/i);
    } finally {
      await productionApp.close();
    }
  });
});

describe('API8:2023 security misconfiguration (ASVS V16.5.1) – unexpected errors', () => {
  it('are masked with the request id for the client and logged in full on the server', async () => {
    const brokenApp = await createLoggedTestApp();
    const { accessToken } = await signInTestUser(brokenApp);
    // Run once while the database is up, so its next request takes the prepared short way past Yoga.
    const prepared = '{ me { id } }';
    expect((await graphqlRequest(brokenApp, { query: prepared, credential: accessToken })).errors).toBeUndefined();
    // A database that has gone away: the failure happens deep in authentication, not in our code paths.
    await brokenApp.database.close();
    try {
      for (const query of [prepared, '{ me { email } }']) {
        const response = await graphqlRequest(brokenApp, { query, credential: accessToken });
        const error = response.errors?.[0];
        expect(error?.message).toBe('Unexpected error');
        expect(error?.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) as unknown });
        expect(JSON.stringify(response)).not.toMatch(/select|stack|\.ts:/i);
        expect(
          brokenApp.logLines.find(
            (line) => line.msg === 'unexpected GraphQL error' && line.reqId === error?.extensions?.requestId,
          ),
        ).toMatchObject({
          level: 50,
          err: expect.anything() as unknown,
        });
      }
    } finally {
      await brokenApp.app.close();
    }
  });
});

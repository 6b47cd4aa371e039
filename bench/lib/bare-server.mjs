// @ts-check
// The baseline: a bare node:http server with a node-postgres pool of the same size that, for each
// operation, verifies the same access token, runs the very statements the portal ran for it (recorded
// by api-server.ts, same text and parameters, concurrent where the portal's were) and answers the same
// JSON. What the portal costs beyond this is GraphQL, Fastify, Drizzle and the service layer.
import { createServer } from 'node:http';
import { importJWK, jwtVerify } from 'jose';
import pg from 'pg';
import { answerParent, countStatements } from './statement-counter.mjs';

/** @typedef {import('./statement-counter.mjs').RecordedStatement} RecordedStatement */
/** @typedef {Record<string, any>} Row */
/** @typedef {{ text: string, rows: Row[] }} Result */
/** @typedef {Record<string, unknown>} Variables */
/** @typedef {{ operationName: string, waves: RecordedStatement[][], inTransaction: boolean }} Route */

const statements = countStatements(pg.Client.prototype);
const publicUrl = process.env.PUBLIC_URL ?? '';
// The portal's session settings, so its prepared statements are planned the same way here.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  options: '-c plan_cache_mode=force_custom_plan',
});

const [keyRow] = (
  await pool.query(`select private_jwk from signing_keys where purpose = 'access-token' order by created_at limit 1`)
).rows;
const { kty, crv, x } = keyRow.private_jwk;
const publicKey = await importJWK({ kty, crv, x }, 'Ed25519');

/** Per path: the statements in the order the portal sent them, grouped into waves that ran at the same time. */
/** @type {Map<string, Route>} */
const routes = new Map();

/** Statements that overlapped in time ran concurrently in the portal; so they do here. */
/** @param {RecordedStatement[]} recorded */
function groupIntoWaves(recorded) {
  /** @type {RecordedStatement[][]} */
  const waves = [];
  for (const statement of recorded) {
    const current = waves.at(-1);
    if (current && current.some((earlier) => statement.startedAt < earlier.endedAt)) current.push(statement);
    else waves.push([statement]);
  }
  return waves;
}

/** Rows as objects by column name; a repeated name (two tables' `name`) gets `#2`. */
/** @param {pg.QueryResult<any[]>} result @returns {Row[]} */
function rowsOf(result) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  const keys = result.fields.map((field) => {
    const count = (seen.get(field.name) ?? 0) + 1;
    seen.set(field.name, count);
    return count === 1 ? field.name : `${field.name}#${count}`;
  });
  return result.rows.map((values) => Object.fromEntries(keys.map((key, index) => [key, values[index]])));
}

/** @param {Route} route */
async function runRoute(route) {
  /** @type {Result[]} */
  const results = [];
  if (route.inTransaction) {
    const client = await pool.connect();
    try {
      for (const wave of route.waves) {
        for (const { name, text, values } of wave) {
          results.push({ text, rows: rowsOf(await client.query({ name, text, values, rowMode: 'array' })) });
        }
      }
    } finally {
      client.release();
    }
    return results;
  }
  for (const wave of route.waves) {
    const answers = await Promise.all(
      wave.map(({ name, text, values }) => pool.query({ name, text, values, rowMode: 'array' })),
    );
    answers.forEach((answer, index) => results.push({ text: wave[index].text, rows: rowsOf(answer) }));
  }
  return results;
}

const iso = (/** @type {unknown} */ value) => (value instanceof Date ? value.toISOString() : null);
const cursor = (/** @type {string} */ order, /** @type {unknown} */ values) =>
  Buffer.from(JSON.stringify({ order, values })).toString('base64url');
/** @param {Result[]} results @param {RegExp} pattern @returns {Row[]} */
function find(results, pattern) {
  const result = results.find((candidate) => pattern.test(candidate.text));
  if (!result) throw new Error(`no statement matches ${pattern}`);
  return result.rows;
}
/** A keyset page as the portal's findPage builds it from `first + 1` rows. */
/** @param {Row[]} rows @param {number} first @param {string} order @param {unknown} after */
function page(rows, first, order, after) {
  const pageRows = rows.slice(0, first);
  const cursors = pageRows.map((row) => cursor(order, row.json_build_array));
  return {
    pageRows,
    cursors,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: after != null,
      startCursor: cursors[0] ?? null,
      endCursor: cursors.at(-1) ?? null,
    },
  };
}

/** @type {Record<string, (results: Result[], variables: Variables) => unknown>} */
const shapes = {
  GetMyHomepage: (results) => ({
    myHomepage: {
      teams: find(results, /^select "team_members"."user_id"/).map((row) => ({
        id: row.id,
        friendlyId: row.friendly_id,
        name: row.name,
        roleName: row.role,
        logoUrl: row.logo_url,
      })),
      bookmarks: find(results, /from "bookmarks"/).map((row) => ({
        id: row.id,
        url: row.url,
        name: row.name,
        logoUrl: row.logo_url,
        teamFriendlyId: row.team_friendly_id,
      })),
      applications: find(results, /inner join "team_applications"/).map((row) => ({
        id: row.id,
        name: row.name,
        url: row.url,
        logoUrl: row.logo_url,
        icon: row.icon,
        teamFriendlyId: row.friendly_id,
        teamName: row['name#2'],
      })),
    },
  }),
  GetTeamMembers: (results, variables) => {
    const first = Number(variables.first);
    const { pageRows, pageInfo } = page(
      find(results, /from "users" where "users"."id" in .* limit/),
      first,
      'email:ASC,id:ASC',
      variables.after,
    );
    const roles = new Map(find(results, /select "user_id", "role"/).map((row) => [row.user_id, row.role]));
    return {
      teamMembers: {
        nodes: pageRows.map((row) => ({
          userId: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          role: roles.get(row.id),
        })),
        pageInfo,
        totalCount: Number(find(results, /select count\(\*\)/)[0].count),
      },
    };
  },
  // One statement: each row carries its visible teams as JSON (`coalesce`) and, on the first page, the
  // search's total (`count`).
  GetAllApplications: (results, variables) => {
    const first = Number(variables.first);
    const rows = find(results, /from "applications" .* limit/);
    const { pageRows, pageInfo } = page(rows, first, 'name:ASC,id:ASC', variables.after);
    return {
      allApplications: {
        nodes: pageRows.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          logoUrl: row.logo_url,
          icon: row.icon,
          isDxp: row.is_dxp,
          updatedAt: iso(row.updated_at),
          teams: row.coalesce.map((/** @type {{ friendlyId: string }} */ team) => ({ friendlyId: team.friendlyId })),
        })),
        pageInfo,
        ...(variables.withTotalCount ? { totalCount: Number(rows[0]?.count ?? 0) } : {}),
      },
    };
  },
  GetMyNotifications: (results, variables) => {
    const first = Number(variables.first);
    const { pageRows, cursors, pageInfo } = page(
      find(results, /from "notifications" .* limit/),
      first,
      'createdAt:DESC,id:DESC',
      variables.after,
    );
    return {
      myNotifications: {
        edges: pageRows.map((row, index) => ({
          cursor: cursors[index],
          node: {
            id: row.id,
            type: row.type,
            message: row.message,
            isRead: row.is_read,
            createdAt: iso(row.created_at),
            externalId: row.external_id,
            // The portal's unnamed actor column (notifications.service.ts), which PostgreSQL calls "coalesce".
            actorName: row.coalesce ?? null,
          },
        })),
        pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor },
        totalCount: Number(find(results, /select count\(\*\)/)[0].count),
      },
    };
  },
  GetEventLogs: (results, variables) => {
    const { pageRows, pageInfo } = page(
      find(results, /from "event_logs"/),
      Number(variables.first),
      'date:DESC,id:DESC',
      variables.after,
    );
    return {
      eventLogs: {
        nodes: pageRows.map((row) => ({
          id: row.id,
          date: iso(row.date),
          eventType: row.event_type,
          userEmail: row.user_email,
          payload: row.payload,
        })),
        pageInfo,
      },
    };
  },
  GetAllUsers: (results, variables) => {
    const { pageRows, pageInfo } = page(
      find(results, /from "users" where .*ilike/),
      Number(variables.first),
      'firstName:ASC,lastName:ASC,email:ASC,id:ASC',
      variables.after,
    );
    return {
      allUsers: {
        nodes: pageRows.map((row) => ({
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          isSystemAdmin: row.is_system_admin,
          isEmailVerified: row.is_email_verified,
          suspendedAt: iso(row.suspended_at),
          lastLogin: iso(row.last_login),
          createdAt: iso(row.created_at),
        })),
        pageInfo,
      },
    };
  },
  // The session check of bench/api.ts: the caller's user, read alone or joined to its session.
  GetMe: (results) => ({ me: { id: find(results, /from "users"/)[0]?.id } }),
  AddOrUpdateBookmark: (results) => {
    const [row] = find(results, /insert into "bookmarks"/);
    return {
      addOrUpdateBookmark: { id: row.id, url: row.url, name: row.name, logoUrl: row.logo_url, teamFriendlyId: null },
    };
  },
};

/** Like the portal, a token whose signature was checked is remembered until it expires. */
/** @type {Map<string, number>} */
const verifiedTokenExpiry = new Map();
/** @param {string} token */
async function isValidToken(token) {
  const expiresAt = verifiedTokenExpiry.get(token);
  if (expiresAt !== undefined && Date.now() / 1000 < expiresAt) return true;
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      issuer: publicUrl,
      audience: `${publicUrl}/api`,
      typ: 'dxp-access+jwt',
      algorithms: ['Ed25519'],
      requiredClaims: ['sub', 'exp'],
    });
    verifiedTokenExpiry.set(token, /** @type {number} */ (payload.exp));
    return true;
  } catch {
    return false;
  }
}

const unauthenticated = JSON.stringify({
  errors: [{ message: 'The access token is invalid or expired', extensions: { code: 'AUTH_NOT_AUTHENTICATED' } }],
  data: null,
});

const server = createServer((request, response) => {
  /** @type {Buffer[]} */
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const send = (/** @type {number} */ status, /** @type {string} */ body) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    };
    try {
      const route = routes.get(request.url ?? '');
      if (!route) return send(404, '{"errors":[{"message":"no such route"}]}');
      const { variables = {} } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!(await isValidToken(token))) return send(200, unauthenticated);
      const results = await runRoute(route);
      send(200, JSON.stringify({ data: shapes[route.operationName](results, variables) }));
    } catch (error) {
      send(500, JSON.stringify({ errors: [{ message: String(error) }] }));
    }
  });
});
server.keepAliveTimeout = 72_000;

await new Promise((resolve) => server.listen(Number(process.env.PORT), '127.0.0.1', () => resolve(null)));
answerParent(statements, {
  route: (/** @type {{ path: string, operationName: string, recorded: RecordedStatement[] }} */ message) => {
    routes.set(message.path, {
      operationName: message.operationName,
      waves: groupIntoWaves(message.recorded),
      inTransaction: message.recorded.some((statement) => /^begin/i.test(statement.text)),
    });
    return null;
  },
});

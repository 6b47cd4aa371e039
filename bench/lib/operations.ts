// The hot operations the API benchmark sends, as the SPA sends them (same documents and page sizes).
import { existsSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import { benchUsers } from './seed-shape.js';

/** The documents the web client sends, as the built SPA lists them (the server may refuse any other). */
const webDocumentsFile = new URL('../../apps/web/trusted-documents.json', import.meta.url);
const webDocuments = existsSync(webDocumentsFile)
  ? Object.values(JSON.parse(readFileSync(webDocumentsFile, 'utf8')) as Record<string, string>)
  : [];
const normalized = (document: string) => document.replace(/[\s,]+/g, '');

/**
 * The SPA's own text of `document` (same operation, same selections), so the request is what a browser
 * sends byte for byte; without a built web client, the bench's copy.
 */
function asTheWebSendsIt(document: string): string {
  if (webDocuments.length === 0) return document;
  const match = webDocuments.find((candidate) => normalized(candidate) === normalized(document));
  if (!match) {
    const name = /(query|mutation)\s+(\w+)/.exec(document)?.[2];
    throw new Error(
      `The web client no longer sends this ${name} document; update bench/lib/operations.ts and the baseline's shape.`,
    );
  }
  return match;
}

/** Rows and ids the operations need, looked up in the seeded database before the run. */
export interface Fixtures {
  memberUserId: string;
  adminUserId: string;
  bigTeamFriendlyId: string;
  bigTeamMemberCount: number;
  homepageTeamCount: number;
  homepageBookmarkCount: number;
  homepageApplicationCount: number;
  unreadNotificationCount: number;
  eventLogCount: number;
  /** `after` cursors of the event log (newest first) at these depths. */
  eventLogCursors: Map<number, string>;
  userSearch: string;
  userSearchMatches: number;
  applicationSearch: string;
  applicationSearchMatches: number;
  /** The cursor after the search's first page of 24, and how many matches follow it. */
  applicationSearchSecondPage?: { after: string; rows: number };
  hasApplications: boolean;
}

export type Persona = 'member' | 'admin';

export interface Operation {
  /** Row label in the table. */
  label: string;
  operationName: string;
  persona: Persona;
  query: string;
  variables: Record<string, unknown>;
  isMutation?: boolean;
  /** A response body is counted only when this accepts it. */
  verify(body: { data?: Record<string, unknown> | null; errors?: unknown }): boolean;
}

const getMyHomepage = `
  query GetMyHomepage {
    myHomepage {
      teams { id friendlyId name roleName logoUrl }
      bookmarks { id url name logoUrl teamFriendlyId }
      applications { id name url logoUrl icon teamFriendlyId teamName }
    }
  }`;

const getTeamMembers = `
  query GetTeamMembers($teamFriendlyId: String!, $where: TeamMemberFilterInput, $first: Int, $after: String) {
    teamMembers(teamFriendlyId: $teamFriendlyId, where: $where, first: $first, after: $after, order: [{ email: ASC }]) {
      nodes { userId firstName lastName email role }
      pageInfo { ...PageInfoFields }
      totalCount
    }
  }
  fragment PageInfoFields on PageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

const getAllApplications = `
  query GetAllApplications($search: String, $first: Int, $after: String, $last: Int, $before: String, $withTotalCount: Boolean! = false) {
    allApplications(search: $search, first: $first, after: $after, last: $last, before: $before) {
      nodes { id name description logoUrl icon isDxp updatedAt teams { friendlyId } }
      pageInfo { ...PageInfoFields }
      totalCount @include(if: $withTotalCount)
    }
  }
  fragment PageInfoFields on PageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

const getMyNotifications = `
  query GetMyNotifications($first: Int, $after: String, $where: NotificationFilterInput, $order: [NotificationSortInput!]) {
    myNotifications(first: $first, after: $after, where: $where, order: $order) {
      edges { cursor node { id type message isRead createdAt externalId actorName } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }`;

const getEventLogs = `
  query GetEventLogs($where: EventLogFilterInput, $first: Int, $after: String, $last: Int, $before: String) {
    eventLogs(where: $where, first: $first, after: $after, last: $last, before: $before) {
      nodes { id date eventType userEmail payload }
      pageInfo { ...PageInfoFields }
    }
  }
  fragment PageInfoFields on PageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

const getAllUsers = `
  query GetAllUsers($search: String, $first: Int, $after: String, $last: Int, $before: String) {
    allUsers(search: $search, first: $first, after: $after, last: $last, before: $before) {
      nodes { ...PersonFields isSystemAdmin isEmailVerified suspendedAt lastLogin createdAt }
      pageInfo { ...PageInfoFields }
    }
  }
  fragment PersonFields on User { id firstName lastName email }
  fragment PageInfoFields on PageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

const addOrUpdateBookmark = `
  mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) {
    addOrUpdateBookmark(input: $input) { id url name logoUrl teamFriendlyId }
  }`;

/** The name bookmarks created by the benchmark carry, so they can be removed afterwards. */
export const benchBookmarkName = 'Bench bookmark';

const hasNoErrors = (body: { errors?: unknown }) => body.errors === undefined;
const nodesOf = (body: { data?: Record<string, unknown> | null }, field: string) => {
  const list = body.data?.[field] as { nodes?: unknown[]; edges?: unknown[] } | undefined;
  return list?.nodes ?? list?.edges;
};
const pageOf =
  (field: string, expected: number) => (body: { data?: Record<string, unknown> | null; errors?: unknown }) =>
    hasNoErrors(body) && nodesOf(body, field)?.length === expected;

/** The operations of one run; `pageSize` varies the page of list operations (statement counts must not). */
export function hotOperations(fixtures: Fixtures, pageSize?: number): Operation[] {
  const operations: Operation[] = [
    {
      label: 'GetMyHomepage',
      operationName: 'GetMyHomepage',
      persona: 'member',
      query: asTheWebSendsIt(getMyHomepage),
      variables: {},
      verify: (body) => {
        const homepage = body.data?.myHomepage as
          | { teams: unknown[]; bookmarks: unknown[]; applications: unknown[] }
          | undefined;
        return (
          hasNoErrors(body) &&
          homepage?.teams.length === fixtures.homepageTeamCount &&
          homepage.bookmarks.length === fixtures.homepageBookmarkCount &&
          homepage.applications.length === fixtures.homepageApplicationCount
        );
      },
    },
    {
      label: `GetTeamMembers (${fixtures.bigTeamMemberCount.toLocaleString('en')} members)`,
      operationName: 'GetTeamMembers',
      persona: 'member',
      query: asTheWebSendsIt(getTeamMembers),
      variables: { teamFriendlyId: fixtures.bigTeamFriendlyId, first: pageSize ?? 50 },
      verify: (body) =>
        pageOf('teamMembers', pageSize ?? 50)(body) &&
        (body.data!.teamMembers as { totalCount: number }).totalCount === fixtures.bigTeamMemberCount,
    },
  ];
  if (fixtures.hasApplications) {
    operations.push({
      label: `GetAllApplications search "${fixtures.applicationSearch}"`,
      operationName: 'GetAllApplications',
      persona: 'member',
      query: asTheWebSendsIt(getAllApplications),
      variables: { search: fixtures.applicationSearch, first: pageSize ?? 24, withTotalCount: true },
      verify: (body) =>
        pageOf('allApplications', Math.min(pageSize ?? 24, fixtures.applicationSearchMatches))(body) &&
        (body.data!.allApplications as { totalCount: number }).totalCount === fixtures.applicationSearchMatches,
    });
    if (fixtures.applicationSearchSecondPage) {
      // Load more: the next page after the first page's last row, without the count (as the web client asks).
      operations.push({
        label: `GetAllApplications search "${fixtures.applicationSearch}", next page`,
        operationName: 'GetAllApplications',
        persona: 'member',
        query: asTheWebSendsIt(getAllApplications),
        variables: {
          search: fixtures.applicationSearch,
          first: pageSize ?? 24,
          after: fixtures.applicationSearchSecondPage.after,
        },
        verify: pageOf('allApplications', Math.min(pageSize ?? 24, fixtures.applicationSearchSecondPage.rows)),
      });
    }
  }
  operations.push(
    {
      label: 'GetMyNotifications first=3 unread',
      operationName: 'GetMyNotifications',
      persona: 'member',
      query: asTheWebSendsIt(getMyNotifications),
      variables: { first: pageSize ?? 3, where: { isRead: { eq: false } }, order: [{ createdAt: 'DESC' }] },
      verify: (body) =>
        pageOf('myNotifications', Math.min(pageSize ?? 3, fixtures.unreadNotificationCount))(body) &&
        (body.data!.myNotifications as { totalCount: number }).totalCount === fixtures.unreadNotificationCount,
    },
    {
      label: 'GetEventLogs first page',
      operationName: 'GetEventLogs',
      persona: 'admin',
      query: asTheWebSendsIt(getEventLogs),
      variables: { first: pageSize ?? 25 },
      verify: pageOf('eventLogs', pageSize ?? 25),
    },
  );
  for (const [depth, cursor] of fixtures.eventLogCursors) {
    operations.push({
      label: `GetEventLogs ${depth.toLocaleString('en')} rows deep`,
      operationName: 'GetEventLogs',
      persona: 'admin',
      query: asTheWebSendsIt(getEventLogs),
      variables: { first: pageSize ?? 25, after: cursor },
      verify: pageOf('eventLogs', pageSize ?? 25),
    });
  }
  operations.push({
    label: `GetAllUsers search "${fixtures.userSearch}"`,
    operationName: 'GetAllUsers',
    persona: 'admin',
    query: asTheWebSendsIt(getAllUsers),
    variables: { search: fixtures.userSearch, first: pageSize ?? 20 },
    verify: pageOf('allUsers', Math.min(pageSize ?? 20, fixtures.userSearchMatches)),
  });
  if (pageSize === undefined) {
    operations.push({
      label: 'AddOrUpdateBookmark (new personal bookmark)',
      operationName: 'AddOrUpdateBookmark',
      persona: 'admin',
      isMutation: true,
      query: asTheWebSendsIt(addOrUpdateBookmark),
      variables: { input: { url: 'https://grafana.example.com/d/checkout', name: benchBookmarkName, logoUrl: null } },
      verify: (body) =>
        hasNoErrors(body) &&
        (body.data?.addOrUpdateBookmark as { name?: string } | undefined)?.name === benchBookmarkName,
    });
  }
  return operations;
}

/** The same cursor the API hands out for a row (see keyset-pagination.ts: base64url of the order and the text values). */
function cursorOf(order: string, values: string[]): string {
  return Buffer.from(JSON.stringify({ order, values })).toString('base64url');
}

export async function loadFixtures(client: pg.Client, depths: number[]): Promise<Fixtures> {
  const one = async <Row>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as Row;
  const member = await one<{ id: string }>('select id from users where email = $1', [benchUsers.member.email]);
  const admin = await one<{ id: string }>('select id from users where email = $1', [benchUsers.admin.email]);
  if (!member || !admin)
    throw new Error('The database is not seeded: run `npm run bench:seed -- --scale small` first.');
  const bigTeam = await one<{ friendly_id: string; members: number }>(
    `select t.friendly_id, count(*)::int as members from teams t join team_members m on m.team_id = t.id
     group by t.id order by count(*) desc limit 1`,
  );
  const homepage = await one<{ teams: number; bookmarks: number; applications: number }>(
    `select (select count(*)::int from team_members m join teams t on t.id = m.team_id where m.user_id = $1 and t.enabled) as teams,
            (select count(*)::int from bookmarks b left join teams t on t.id = b.team_id
              where b.owner_user_id = $1 or (t.enabled and b.team_id in (select team_id from team_members where user_id = $1))) as bookmarks,
            (select count(*)::int from team_members m join teams t on t.id = m.team_id join team_applications a on a.team_id = t.id
              where m.user_id = $1 and t.enabled and a.status = 'ENABLED') as applications`,
    [member.id],
  );
  const unread = await one<{ count: number }>(
    'select count(*)::int as count from notifications where user_id = $1 and not is_read',
    [member.id],
  );
  const eventLogCount = (await one<{ count: number }>('select count(*)::int as count from event_logs')).count;
  const eventLogCursors = new Map<number, string>();
  for (const depth of depths) {
    if (depth + 100 > eventLogCount) continue;
    const row = await one<{ date: string; id: string }>(
      'select date::text as date, id::text as id from event_logs order by date desc, id desc offset $1 limit 1',
      [depth - 1],
    );
    eventLogCursors.set(depth, cursorOf('date:DESC,id:DESC', [row.date, row.id]));
  }
  const userSearch = 'garcia';
  const userSearchMatches = (
    await one<{ count: number }>(
      `select count(*)::int as count from users where email ilike $1 or first_name ilike $1 or last_name ilike $1`,
      [`%${userSearch}%`],
    )
  ).count;
  const hasApplications = Boolean(
    await one<{ exists: boolean }>(`select to_regclass('applications') is not null as exists`).then(
      (row) => row.exists,
    ),
  );
  const applicationSearch = 'analytics';
  const applicationSearchMatches = hasApplications
    ? (
        await one<{ count: number }>(
          `select count(*)::int as count from applications where name ilike $1 or description ilike $1`,
          [`%${applicationSearch}%`],
        )
      ).count
    : 0;
  const cataloguePageSize = 24;
  const lastOfFirstPage =
    applicationSearchMatches > cataloguePageSize
      ? await one<{ name: string; id: string }>(
          `select name, id::text as id from applications where name ilike $1 or description ilike $1 order by name, id offset $2 limit 1`,
          [`%${applicationSearch}%`, cataloguePageSize - 1],
        )
      : undefined;
  return {
    memberUserId: member.id,
    adminUserId: admin.id,
    bigTeamFriendlyId: bigTeam.friendly_id,
    bigTeamMemberCount: bigTeam.members,
    homepageTeamCount: homepage.teams,
    homepageBookmarkCount: homepage.bookmarks,
    homepageApplicationCount: homepage.applications,
    unreadNotificationCount: unread.count,
    eventLogCount,
    eventLogCursors,
    userSearch,
    userSearchMatches,
    applicationSearch,
    applicationSearchMatches,
    applicationSearchSecondPage: lastOfFirstPage && {
      after: cursorOf('name:ASC,id:ASC', [lastOfFirstPage.name, lastOfFirstPage.id]),
      rows: applicationSearchMatches - cataloguePageSize,
    },
    hasApplications,
  };
}

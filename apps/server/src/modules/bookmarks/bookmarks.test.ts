import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookmarks } from '../../db/schema/bookmarks.js';
import { eventLogs } from '../../db/schema/events.js';
import { errorCodeOf as codeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import {
  admin,
  db,
  member,
  outsider,
  owner,
  teamWithRoles,
  testApp,
  useTeamTestApp,
} from '../../test/team-test-app.js';
import { insertTestTeam } from '../../test/teams.js';
import { webDocument } from '../../test/web-documents.js';

useTeamTestApp();

const saveBookmark = webDocument('AddOrUpdateBookmark');
const deleteBookmark = webDocument('DeleteBookmark');
interface SaveData {
  addOrUpdateBookmark: { id: string; url: string; name: string; logoUrl: string | null; teamFriendlyId: string | null };
}

const save = (credential: string, input: Record<string, unknown>) =>
  graphqlRequest<SaveData>(testApp, { query: saveBookmark, variables: { input }, credential });
const remove = (credential: string, bookmarkId: string) =>
  graphqlRequest(testApp, { query: deleteBookmark, variables: { bookmarkId }, credential });
type NamedNodes = { nodes: { name: string }[] };
const namesOf = ({ nodes }: NamedNodes) => nodes.map((node) => node.name);

describe('personal bookmarks', () => {
  it('are created, renamed, listed, paged and deleted by their owner only, each change logged', async () => {
    const reader = await signInTestUser(testApp);
    const created = await save(reader.accessToken, { url: 'https://b.example.com', name: 'Beta' });
    expect(created.data?.addOrUpdateBookmark).toMatchObject({
      url: 'https://b.example.com',
      name: 'Beta',
      teamFriendlyId: null,
    });
    await save(reader.accessToken, {
      url: 'https://a.example.com',
      name: 'Alpha',
      logoUrl: 'https://a.example.com/icon.png',
    });
    await save(reader.accessToken, { url: 'http://c.example.com', name: 'Gamma' });
    const id = created.data!.addOrUpdateBookmark.id;
    const renamed = await save(reader.accessToken, { id, url: 'https://b.example.com/new', name: 'Beta 2' });
    expect(renamed.data?.addOrUpdateBookmark).toMatchObject({ id, url: 'https://b.example.com/new', name: 'Beta 2' });

    const myBookmarks = webDocument('GetMyBookmarks');
    type Data = {
      myBookmarks: {
        nodes: { name: string }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
        totalCount: number;
      };
    };
    const firstPage = await graphqlRequest<Data>(testApp, {
      query: myBookmarks,
      variables: { first: 2 },
      credential: reader.accessToken,
    });
    expect(firstPage.data?.myBookmarks).toMatchObject({
      nodes: [{ name: 'Alpha' }, { name: 'Beta 2' }],
      totalCount: 3,
    });
    const secondPage = await graphqlRequest<Data>(testApp, {
      query: myBookmarks,
      variables: { first: 2, after: firstPage.data!.myBookmarks.pageInfo.endCursor },
      credential: reader.accessToken,
    });
    expect(namesOf(secondPage.data!.myBookmarks)).toEqual(['Gamma']);
    const filtered = await graphqlRequest<Data>(testApp, {
      query: myBookmarks,
      variables: { where: { url: { startsWith: 'HTTP://' } }, order: [{ createdAt: 'DESC' }] },
      credential: reader.accessToken,
    });
    expect(namesOf(filtered.data!.myBookmarks)).toEqual(['Gamma']);
    const othersView = await graphqlRequest<Data>(testApp, { query: myBookmarks, credential: outsider.accessToken });
    expect(namesOf(othersView.data!.myBookmarks)).not.toContain('Alpha');

    expect(codeOf(await save(outsider.accessToken, { id, url: 'https://stolen.example.com', name: 'Mine now' }))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await remove(outsider.accessToken, id))).toBe('NOT_FOUND');
    const [untouched] = await db().select().from(bookmarks).where(eq(bookmarks.id, id));
    expect(untouched).toMatchObject({ name: 'Beta 2', ownerUserId: reader.user.id });

    expect((await remove(reader.accessToken, id)).data).toEqual({ deleteBookmark: true });
    const events = await db().select().from(eventLogs).where(eq(eventLogs.userId, reader.user.id));
    expect(events.map((event) => event.eventType).sort()).toEqual([
      'bookmark.deleted',
      'bookmark.saved',
      'bookmark.saved',
      'bookmark.saved',
      'bookmark.saved',
    ]);
  });

  it.each([
    ['a javascript: URL', { url: 'javascript:alert(document.cookie)', name: 'Evil' }, 'url'],
    ['a data: URL', { url: 'data:text/html,<script>alert(1)</script>', name: 'Evil' }, 'url'],
    ['a javascript: logo', { url: 'https://ok.example.com', name: 'Logo', logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
    ['an empty name', { url: 'https://ok.example.com', name: '  ' }, 'name'],
    ['a 200-character name', { url: 'https://ok.example.com', name: 'n'.repeat(200) }, 'name'],
  ])('refuses %s with INVALID_REQUEST, storing nothing', async (_case, input, field) => {
    const response = await save(outsider.accessToken, input);
    expect(codeOf(response)).toBe('INVALID_REQUEST');
    expect(Object.keys(response.errors?.[0]?.extensions?.fields as object)).toEqual([field]);
    expect(await db().select().from(bookmarks).where(eq(bookmarks.ownerUserId, outsider.user.id))).toEqual([]);
  });

  it('takes a bare host as its https address, and finds it again under another spelling', async () => {
    const reader = await signInTestUser(testApp);
    const saved = await save(reader.accessToken, { url: ' github.com/dxp ', name: 'GitHub' });
    expect(saved.data?.addOrUpdateBookmark).toMatchObject({ url: 'https://github.com/dxp', name: 'GitHub' });
    const refused = await save(reader.accessToken, { url: 'not an address', name: 'Nothing' });
    expect(codeOf(refused)).toBe('INVALID_REQUEST');

    const sameAddress = await graphqlRequest<{ myBookmarks: { nodes: { name: string }[] } }>(testApp, {
      query: webDocument('FindMyBookmarksByAddress'),
      variables: { urls: ['https://github.com/dxp/', 'https://github.com/dxp'] },
      credential: reader.accessToken,
    });
    expect(namesOf(sameAddress.data!.myBookmarks)).toEqual(['GitHub']);
  });

  it('answers NOT_FOUND for unknown and malformed ids', async () => {
    for (const bookmarkId of [randomUUID(), 'not-a-uuid']) {
      expect(codeOf(await remove(owner.accessToken, bookmarkId))).toBe('NOT_FOUND');
    }
    expect(codeOf(await save(owner.accessToken, { id: randomUUID(), url: 'https://x.example.com', name: 'X' }))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('team bookmarks', () => {
  const teamBookmarks = webDocument('GetTeamBookmarks');

  it('are kept by team admins and owners, seen by every member, hidden from outsiders', async () => {
    const team = await teamWithRoles();
    const byAdmin = await save(admin.accessToken, {
      url: 'https://wiki.example.com',
      name: 'Wiki',
      teamFriendlyId: team.friendlyId,
    });
    expect(byAdmin.data?.addOrUpdateBookmark).toMatchObject({ name: 'Wiki', teamFriendlyId: team.friendlyId });
    await save(owner.accessToken, { url: 'https://ci.example.com', name: 'CI', teamFriendlyId: team.friendlyId });
    expect(
      codeOf(
        await save(member.accessToken, { url: 'https://x.example.com', name: 'X', teamFriendlyId: team.friendlyId }),
      ),
    ).toBe('AUTH_NOT_AUTHORIZED');
    expect(
      codeOf(
        await save(outsider.accessToken, { url: 'https://x.example.com', name: 'X', teamFriendlyId: team.friendlyId }),
      ),
    ).toBe('NOT_FOUND');

    const asMember = await graphqlRequest(testApp, {
      query: teamBookmarks,
      variables: { teamFriendlyId: team.friendlyId },
      credential: member.accessToken,
    });
    expect(asMember.data).toMatchObject({
      teamBookmarks: {
        nodes: [
          { name: 'CI', teamFriendlyId: team.friendlyId },
          { name: 'Wiki', teamFriendlyId: team.friendlyId },
        ],
        totalCount: 2,
      },
    });
    const asOutsider = await graphqlRequest(testApp, {
      query: teamBookmarks,
      variables: { teamFriendlyId: team.friendlyId },
      credential: outsider.accessToken,
    });
    expect(codeOf(asOutsider)).toBe('NOT_FOUND');
    // Each save is logged as bookmark.saved with the team and who saved it; the refused ones wrote nothing.
    const saved = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'bookmark.saved'));
    expect(
      saved
        .filter((event) => event.payload.teamId === team.id)
        .map((event) => ({ userId: event.userId, name: event.payload.name, url: event.payload.url }))
        .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    ).toEqual([
      { userId: owner.user.id, name: 'CI', url: 'https://ci.example.com' },
      { userId: admin.user.id, name: 'Wiki', url: 'https://wiki.example.com' },
    ]);

    const wikiId = byAdmin.data!.addOrUpdateBookmark.id;
    expect(codeOf(await remove(member.accessToken, wikiId))).toBe('AUTH_NOT_AUTHORIZED');
    expect((await remove(owner.accessToken, wikiId)).data).toEqual({ deleteBookmark: true });
    const [event] = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'bookmark.deleted'), eq(eventLogs.userId, owner.user.id)));
    expect(event?.payload).toMatchObject({ bookmarkId: wikiId, teamId: team.id });
  });

  it('page on by name with first and after, each page of the same team, the total on every page', async () => {
    const team = await teamWithRoles();
    await db()
      .insert(bookmarks)
      .values(
        ['Echo', 'Alpha', 'Delta', 'Charlie', 'Bravo'].map((name) => ({
          teamId: team.id,
          name,
          url: `https://${name.toLowerCase()}.example.com`,
        })),
      );
    const otherTeam = await teamWithRoles();
    await db()
      .insert(bookmarks)
      .values({ teamId: otherTeam.id, name: 'Aardvark', url: 'https://aardvark.example.com' });
    type Page = {
      teamBookmarks: {
        nodes: { name: string }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        totalCount: number;
      };
    };
    const readPage = async (after?: string | null) =>
      (
        await graphqlRequest<Page>(testApp, {
          query: teamBookmarks,
          variables: { teamFriendlyId: team.friendlyId, first: 2, after },
          credential: member.accessToken,
        })
      ).data!.teamBookmarks;
    const first = await readPage();
    expect(first).toMatchObject({
      nodes: [{ name: 'Alpha' }, { name: 'Bravo' }],
      pageInfo: { hasNextPage: true },
      totalCount: 5,
    });
    const second = await readPage(first.pageInfo.endCursor);
    expect(second).toMatchObject({
      nodes: [{ name: 'Charlie' }, { name: 'Delta' }],
      pageInfo: { hasNextPage: true },
      totalCount: 5,
    });
    const last = await readPage(second.pageInfo.endCursor);
    expect(last).toMatchObject({ nodes: [{ name: 'Echo' }], pageInfo: { hasNextPage: false }, totalCount: 5 });

    const tampered = await graphqlRequest(testApp, {
      query: teamBookmarks,
      variables: { teamFriendlyId: team.friendlyId, first: 2, after: 'not-a-cursor' },
      credential: member.accessToken,
    });
    expect(codeOf(tampered)).toBe('INVALID_REQUEST');
  });

  it('refuses team B’s bookmarks through team A or a personal update, changing nothing', async () => {
    const teamA = await teamWithRoles();
    const bOwner = await signInTestUser(testApp);
    const teamB = await insertTestTeam(db(), { ownerId: bOwner.user.id });
    const [theirs] = await db()
      .insert(bookmarks)
      .values({ teamId: teamB.id, name: 'B only', url: 'https://b.example.com' })
      .returning();
    const attempts = [
      await save(owner.accessToken, {
        id: theirs!.id,
        url: 'https://evil.example.com',
        name: 'Taken',
        teamFriendlyId: teamA.friendlyId,
      }),
      await save(owner.accessToken, { id: theirs!.id, url: 'https://evil.example.com', name: 'Taken' }),
      await save(owner.accessToken, {
        id: theirs!.id,
        url: 'https://evil.example.com',
        name: 'Taken',
        teamFriendlyId: teamB.friendlyId,
      }),
      await remove(owner.accessToken, theirs!.id),
    ];
    expect(attempts.map(codeOf)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
    const [unchanged] = await db().select().from(bookmarks).where(eq(bookmarks.id, theirs!.id));
    expect(unchanged).toMatchObject({ name: 'B only', url: 'https://b.example.com', teamId: teamB.id });
  });
});

describe('bookmark(id)', () => {
  const bookmarkById = webDocument('GetBookmark');
  const read = (credential: string, id: string) =>
    graphqlRequest<{ bookmark: { id: string; name: string; url: string; teamFriendlyId: string | null } }>(testApp, {
      query: bookmarkById,
      variables: { id },
      credential,
    });

  it("finds the caller's personal bookmark, and no one else's, not even for a system admin", async () => {
    const reader = await signInTestUser(testApp);
    const systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
    const [personal] = await db()
      .insert(bookmarks)
      .values({ ownerUserId: reader.user.id, name: 'Mine', url: 'https://mine.example.com' })
      .returning();
    expect((await read(reader.accessToken, personal!.id)).data?.bookmark).toEqual({
      id: personal!.id,
      name: 'Mine',
      url: 'https://mine.example.com',
      logoUrl: null,
      teamFriendlyId: null,
    });
    expect(codeOf(await read(outsider.accessToken, personal!.id))).toBe('NOT_FOUND');
    expect(codeOf(await read(systemAdmin.accessToken, personal!.id))).toBe('NOT_FOUND');
  });

  it('finds a team bookmark for every member and system admins; outsiders and members of a disabled team get NOT_FOUND', async () => {
    const team = await teamWithRoles();
    const systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
    const [teamBookmark] = await db()
      .insert(bookmarks)
      .values({ teamId: team.id, name: 'Wiki', url: 'https://wiki.example.com' })
      .returning();
    for (const reader of [member, admin, owner, systemAdmin]) {
      expect((await read(reader.accessToken, teamBookmark!.id)).data?.bookmark).toMatchObject({
        name: 'Wiki',
        teamFriendlyId: team.friendlyId,
      });
    }
    expect(codeOf(await read(outsider.accessToken, teamBookmark!.id))).toBe('NOT_FOUND');

    const disabled = await insertTestTeam(db(), {
      ownerId: owner.user.id,
      memberIds: [member.user.id],
      enabled: false,
    });
    const [hidden] = await db()
      .insert(bookmarks)
      .values({ teamId: disabled.id, name: 'Hidden', url: 'https://hidden.example.com' })
      .returning();
    expect(codeOf(await read(member.accessToken, hidden!.id))).toBe('NOT_FOUND');
    expect((await read(systemAdmin.accessToken, hidden!.id)).data?.bookmark).toMatchObject({ name: 'Hidden' });
  });

  it('answers NOT_FOUND for unknown and malformed ids', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '']) {
      expect(codeOf(await read(owner.accessToken, id)), id).toBe('NOT_FOUND');
    }
  });
});

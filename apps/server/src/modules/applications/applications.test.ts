import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, appRequests } from '../../db/schema/applications.js';
import { eventLogs } from '../../db/schema/events.js';
import { errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import { recordStatements } from '../../test/statements.js';
import { db, personas, teamWithRoles, testApp, useTeamTestApp } from '../../test/team-test-app.js';
import { insertTestTeam } from '../../test/teams.js';
import { grantTestApplication, insertTestApplication } from '../../test/applications.js';
import { webDocument } from '../../test/web-documents.js';

useTeamTestApp();

const allApplications = /* GraphQL */ `
  query GetAllApplications($search: String, $first: Int, $after: String, $last: Int, $before: String) {
    allApplications(search: $search, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        name
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`;
interface CatalogueData {
  allApplications: {
    nodes: { name: string }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
  };
}
const catalogue = (variables: Record<string, unknown>, credential = personas.member.accessToken) =>
  graphqlRequest<CatalogueData>(testApp, { query: allApplications, variables, credential });

describe('the catalogue', () => {
  it('searches name and description ignoring case and pages by name with keyset cursors in both directions', async () => {
    const prefix = 'Zeta';
    for (const name of ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo']) {
      await insertTestApplication(db(), { name: `${prefix} ${name}`, description: `Suite ${name} for zetas` });
    }
    await insertTestApplication(db(), { name: 'Unrelated', description: 'Has ZETA in its description' });
    await insertTestApplication(db(), { name: 'Other', description: 'Nothing to see' });

    const first = await catalogue({ search: 'zeta', first: 2 });
    expect(first.errors).toBeUndefined();
    // The whole result in one page; where "alpha" sorts beside "Bravo" is the database collation's choice.
    const ordered = (await catalogue({ search: 'ZETA', first: 100 })).data!.allApplications.nodes.map(
      (node) => node.name,
    );
    expect([...ordered].sort()).toEqual(
      ['Other', 'Unrelated', ...['Bravo', 'Charlie', 'Delta', 'Echo', 'alpha'].map((name) => `Zeta ${name}`)]
        .filter((name) => name !== 'Other')
        .sort(),
    );
    expect(first.data!.allApplications.nodes.map((node) => node.name)).toEqual(ordered.slice(0, 2));
    expect(first.data!.allApplications.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const second = await catalogue({ search: 'zeta', first: 2, after: first.data!.allApplications.pageInfo.endCursor });
    expect(second.data!.allApplications.nodes.map((node) => node.name)).toEqual(ordered.slice(2, 4));
    const third = await catalogue({ search: 'zeta', first: 2, after: second.data!.allApplications.pageInfo.endCursor });
    expect(third.data!.allApplications.nodes.map((node) => node.name)).toEqual(ordered.slice(4, 6));
    expect(third.data!.allApplications.pageInfo.hasNextPage).toBe(false);

    const back = await catalogue({ search: 'zeta', last: 2, before: third.data!.allApplications.pageInfo.startCursor });
    expect(back.data!.allApplications.nodes.map((node) => node.name)).toEqual(ordered.slice(2, 4));
    expect(back.data!.allApplications.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    const literal = await catalogue({ search: '%' });
    expect(literal.data!.allApplications.nodes).toEqual([]);
  });

  it("API3:2023 a catalogue page as the web client asks for it (count on the first page, each application's teams, only those the caller may see) is exactly one SQL statement, whatever its size", async () => {
    expect(errorCodeOf(await graphqlRequest(testApp, { query: allApplications }))).toBe('AUTH_NOT_AUTHENTICATED');
    const suffix = randomUUID().slice(0, 8);
    const myTeam = await teamWithRoles();
    const otherTeam = await insertTestTeam(db(), { ownerId: personas.outsider.user.id });
    const names = ['Alpha', 'Beta', 'Gamma'].map((name) => `${name} counted ${suffix}`);
    for (const name of names) {
      const application = await insertTestApplication(db(), { name });
      for (const team of [myTeam, otherTeam])
        await grantTestApplication(db(), { teamId: team.id, applicationId: application.id });
    }
    // The very text the web client sends (its trusted document) with the variables it sends.
    const document = webDocument('GetAllApplications');
    type Data = {
      allApplications: {
        nodes: { name: string; teams: { friendlyId: string }[] }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
        totalCount?: number;
      };
    };
    const pageAs = async (credential: string, variables: Record<string, unknown>) => {
      let response: Awaited<ReturnType<typeof graphqlRequest<Data>>> | undefined;
      const statements = await recordStatements(db(), async () => {
        response = await graphqlRequest<Data>(testApp, {
          query: document,
          variables: { search: `counted ${suffix}`, ...variables },
          credential,
        });
      });
      expect(response!.errors).toBeUndefined();
      return { statements, catalogue: response!.data!.allApplications };
    };
    for (const persona of [personas.member, personas.systemAdmin]) {
      const signedInOnly = (
        await recordStatements(db(), () =>
          graphqlRequest(testApp, { query: '{ me { id } }', credential: persona.accessToken }),
        )
      ).length;
      const visibleTeams =
        persona === personas.member ? [myTeam.friendlyId] : [myTeam.friendlyId, otherTeam.friendlyId].sort();

      for (const first of [2, 100]) {
        const firstPage = await pageAs(persona.accessToken, { first, withTotalCount: true });
        expect(firstPage.statements).toHaveLength(signedInOnly + 1);
        expect(firstPage.catalogue.totalCount).toBe(3);
        expect(firstPage.catalogue.nodes.map((node) => node.name)).toEqual(names.slice(0, first));
        for (const node of firstPage.catalogue.nodes)
          expect(node.teams.map((team) => team.friendlyId).sort()).toEqual(visibleTeams);
      }

      // "Load more": the page after the cursor, without the count.
      const { catalogue: firstTwo } = await pageAs(persona.accessToken, { first: 2, withTotalCount: true });
      const nextPage = await pageAs(persona.accessToken, {
        first: 2,
        after: firstTwo.pageInfo.endCursor,
        withTotalCount: false,
      });
      expect(nextPage.statements).toHaveLength(signedInOnly + 1);
      expect(nextPage.statements.at(-1)).not.toMatch(/count\(/);
      expect(nextPage.catalogue.totalCount).toBeUndefined();
      expect(nextPage.catalogue.nodes.map((node) => node.name)).toEqual([names[2]]);
      expect(nextPage.catalogue.nodes[0]!.teams.map((team) => team.friendlyId).sort()).toEqual(visibleTeams);
    }
  });

  it('reads the count and the teams with the page only when selected, through fragments, edges and @include', async () => {
    const query = /* GraphQL */ `
      query GetAllApplications($withCount: Boolean!, $after: String) {
        allApplications(first: 5, after: $after) {
          ...catalogue
        }
      }
      fragment catalogue on AllApplicationsConnection {
        edges {
          node {
            ... on Application {
              teams {
                name
              }
            }
          }
        }
        totalCount @include(if: $withCount)
      }
    `;
    const statementsFor = (document: string, variables: Record<string, unknown> = {}) =>
      recordStatements(db(), () =>
        graphqlRequest(testApp, { query: document, variables, credential: personas.member.accessToken }),
      );
    const signedInOnly = (await statementsFor('{ me { id } }')).length;
    const [withBoth] = (await statementsFor(query, { withCount: true })).slice(signedInOnly);
    expect(withBoth).toMatch(/count\(\*\)/);
    expect(withBoth).toMatch(/json_agg/);
    const withoutCount = await statementsFor(query, { withCount: false });
    expect(withoutCount).toHaveLength(signedInOnly + 1);
    expect(withoutCount.at(-1)).not.toMatch(/count\(/);
    const namesOnly = await statementsFor('{ allApplications(first: 5) { nodes { name } } }');
    expect(namesOnly).toHaveLength(signedInOnly + 1);
    expect(namesOnly.at(-1)).not.toMatch(/count\(|json_agg/);
  });

  it('counts the matches of a page after its last row in a second statement, no row carrying the count', async () => {
    const name = `Lonely ${randomUUID()}`;
    await insertTestApplication(db(), { name });
    const query = /* GraphQL */ `
      query GetAllApplications($search: String, $after: String) {
        allApplications(search: $search, first: 1, after: $after) {
          totalCount
          pageInfo {
            endCursor
          }
        }
      }
    `;
    type Data = { allApplications: { totalCount: number; pageInfo: { endCursor: string | null } } };
    const page = (after?: string) =>
      graphqlRequest<Data>(testApp, {
        query,
        variables: { search: name, after },
        credential: personas.member.accessToken,
      });
    const first = await page();
    expect(first.data!.allApplications.totalCount).toBe(1);
    const beyond = await page(first.data!.allApplications.pageInfo.endCursor!);
    expect(beyond.data!.allApplications).toEqual({ totalCount: 1, pageInfo: { endCursor: null } });
    const nothing = await graphqlRequest<Data>(testApp, {
      query,
      variables: { search: `${name} nothing` },
      credential: personas.member.accessToken,
    });
    expect(nothing.data!.allApplications.totalCount).toBe(0);
  });

  it("lists the teams granted an application: every one for a system admin, the caller's own enabled ones for others", async () => {
    const application = await insertTestApplication(db());
    const myTeam = await teamWithRoles();
    const otherTeam = await insertTestTeam(db(), { ownerId: personas.outsider.user.id });
    const disabledTeam = await insertTestTeam(db(), { ownerId: personas.member.user.id, enabled: false });
    for (const team of [myTeam, otherTeam, disabledTeam]) {
      await grantTestApplication(db(), {
        teamId: team.id,
        applicationId: application.id,
        status: team === otherTeam ? 'DISABLED' : 'ENABLED',
      });
    }
    const query = /* GraphQL */ `
      query GetApplicationById($id: ID!) {
        applicationById(id: $id) {
          name
          teams {
            friendlyId
            status
          }
        }
      }
    `;
    type Data = { applicationById: { name: string; teams: { friendlyId: string; status: string }[] } };
    const asMember = await graphqlRequest<Data>(testApp, {
      query,
      variables: { id: application.id },
      credential: personas.member.accessToken,
    });
    expect(asMember.data!.applicationById.teams).toEqual([{ friendlyId: myTeam.friendlyId, status: 'ENABLED' }]);
    const asAdmin = await graphqlRequest<Data>(testApp, {
      query,
      variables: { id: application.id },
      credential: personas.systemAdmin.accessToken,
    });
    expect(asAdmin.data!.applicationById.teams.map((team) => team.friendlyId).sort()).toEqual(
      [myTeam.friendlyId, otherTeam.friendlyId, disabledTeam.friendlyId].sort(),
    );
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const missing = await graphqlRequest(testApp, {
        query,
        variables: { id },
        credential: personas.member.accessToken,
      });
      expect(errorCodeOf(missing)).toBe('NOT_FOUND');
    }
  });

  it("AppInfo shows each of the caller's enabled teams with its state and whether the caller may switch it", async () => {
    const viewer = await signInTestUser(testApp);
    const teamOwner = await signInTestUser(testApp);
    const application = await insertTestApplication(db());
    const granted = await insertTestTeam(db(), { ownerId: teamOwner.user.id, memberIds: [viewer.user.id] });
    const requested = await insertTestTeam(db(), { ownerId: teamOwner.user.id, adminIds: [viewer.user.id] });
    const neither = await insertTestTeam(db(), { ownerId: viewer.user.id });
    await insertTestTeam(db(), { ownerId: viewer.user.id, enabled: false });
    await grantTestApplication(db(), { teamId: granted.id, applicationId: application.id, status: 'DISABLED' });
    await db().insert(appRequests).values({
      applicationId: application.id,
      teamId: requested.id,
      teamName: requested.name,
      requestedById: viewer.user.id,
      contactEmail: 'viewer@example.com',
      firstName: 'Test',
      lastName: 'User',
    });
    const query = /* GraphQL */ `
      query AppInfo($appId: ID!) {
        appInfo(appId: $appId) {
          application {
            id
          }
          myTeams {
            friendlyId
            roleName
            status
            hasPendingRequest
            canManage
          }
        }
      }
    `;
    type MyTeam = {
      friendlyId: string;
      roleName: string;
      status: string | null;
      hasPendingRequest: boolean;
      canManage: boolean;
    };
    type Data = { appInfo: { application: { id: string }; myTeams: MyTeam[] } };
    const info = await graphqlRequest<Data>(testApp, {
      query,
      variables: { appId: application.id },
      credential: viewer.accessToken,
    });
    expect(info.data!.appInfo.application.id).toBe(application.id);
    const byTeam = Object.fromEntries(info.data!.appInfo.myTeams.map((team) => [team.friendlyId, team]));
    expect(Object.keys(byTeam).sort()).toEqual([granted.friendlyId, requested.friendlyId, neither.friendlyId].sort());
    expect(byTeam[granted.friendlyId]).toMatchObject({
      roleName: 'TeamMember',
      status: 'DISABLED',
      hasPendingRequest: false,
      canManage: false,
    });
    expect(byTeam[requested.friendlyId]).toMatchObject({
      roleName: 'TeamAdmin',
      status: null,
      hasPendingRequest: true,
      canManage: false,
    });
    expect(byTeam[neither.friendlyId]).toMatchObject({
      roleName: 'TeamOwner',
      status: null,
      hasPendingRequest: false,
      canManage: false,
    });
    const asOwner = await graphqlRequest<Data>(testApp, {
      query,
      variables: { appId: application.id },
      credential: teamOwner.accessToken,
    });
    expect(asOwner.data!.appInfo.myTeams).toHaveLength(2);
    expect(asOwner.data!.appInfo.myTeams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ friendlyId: granted.friendlyId, canManage: true }),
        expect.objectContaining({ friendlyId: requested.friendlyId, canManage: false }),
      ]),
    );
  });
});

describe('the dashboard', () => {
  it("lists the ENABLED applications of the caller's enabled teams, by team name and application name", async () => {
    const user = await signInTestUser(testApp);
    const teamB = await insertTestTeam(db(), { ownerId: user.user.id, name: 'B team' });
    const teamA = await insertTestTeam(db(), { ownerId: user.user.id, name: 'A team' });
    const disabledTeam = await insertTestTeam(db(), { ownerId: user.user.id, name: 'C team', enabled: false });
    const strangersTeam = await insertTestTeam(db(), { ownerId: personas.outsider.user.id, name: 'D team' });
    const [mail, wiki, chat, off] = await Promise.all(
      ['Mail', 'Wiki', 'Chat', 'Switched off'].map((name) =>
        insertTestApplication(db(), { name: `${name} ${user.user.id}` }),
      ),
    );
    await grantTestApplication(db(), { teamId: teamB.id, applicationId: mail!.id });
    await grantTestApplication(db(), { teamId: teamA.id, applicationId: wiki!.id });
    await grantTestApplication(db(), { teamId: teamA.id, applicationId: chat!.id });
    await grantTestApplication(db(), { teamId: teamA.id, applicationId: off!.id, status: 'DISABLED' });
    await grantTestApplication(db(), { teamId: disabledTeam.id, applicationId: mail!.id });
    await grantTestApplication(db(), { teamId: strangersTeam.id, applicationId: wiki!.id });
    const query = /* GraphQL */ `
      query GetMyHomepage {
        myHomepage {
          applications {
            id
            name
            url
            teamFriendlyId
            teamName
          }
        }
      }
    `;
    type Data = { myHomepage: { applications: { id: string; teamName: string }[] } };
    const homepage = await graphqlRequest<Data>(testApp, { query, credential: user.accessToken });
    expect(homepage.errors).toBeUndefined();
    expect(homepage.data!.myHomepage.applications.map((tile) => [tile.teamName, tile.id])).toEqual([
      ['A team', chat!.id],
      ['A team', wiki!.id],
      ['B team', mail!.id],
    ]);
  });
});

// As the administration pages do: the mutations answer the id and name, the application's page reads the rest.
const createApplication = webDocument('CreateApplication');
const updateApplication = webDocument('UpdateApplication');
const applicationById = webDocument('GetApplicationById');
type CreateData = { createApplication: { id: string; name: string } };

describe('managing the catalogue', () => {
  const create = (input: Record<string, unknown>, credential = personas.systemAdmin.accessToken) =>
    graphqlRequest<CreateData>(testApp, { query: createApplication, variables: { input }, credential });
  const update = (input: Record<string, unknown>, credential = personas.systemAdmin.accessToken) =>
    graphqlRequest(testApp, { query: updateApplication, variables: { input }, credential });
  const read = async (id: string) =>
    (
      await graphqlRequest<{ applicationById: Record<string, unknown> }>(testApp, {
        query: applicationById,
        variables: { id },
        credential: personas.systemAdmin.accessToken,
      })
    ).data!.applicationById;

  it('system admins create and edit applications, each change logged without anything secret', async () => {
    const created = await create({
      name: '  Billing Portal  ',
      description: 'Invoices and payments',
      url: 'https://billing.example.com/',
      logoUrl: 'https://billing.example.com/logo.png',
      icon: 'receipt',
      meta: { category: 'finance' },
      isDxp: true,
      termsDate: '2026-01-01T00:00:00.000Z',
      termsLink: 'https://billing.example.com/terms',
      billingProductId: 'prod_42',
    });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createApplication.id;
    expect(created.data!.createApplication.name).toBe('Billing Portal');
    expect(await read(id)).toMatchObject({
      name: 'Billing Portal',
      url: 'https://billing.example.com/',
      meta: { category: 'finance' },
      isDxp: true,
      termsDate: '2026-01-01T00:00:00.000Z',
      billingProductId: 'prod_42',
    });
    const updated = await update({ id, description: null, logoUrl: '', meta: { category: 'money' }, name: 'Billing' });
    expect(updated.data).toEqual({ updateApplication: { id, name: 'Billing' } });
    expect(await read(id)).toMatchObject({
      name: 'Billing',
      description: null,
      logoUrl: null,
      url: 'https://billing.example.com/',
      termsLink: 'https://billing.example.com/terms',
      meta: { category: 'money' },
    });
    const events = await db().select().from(eventLogs).where(eq(eventLogs.userId, personas.systemAdmin.user.id));
    const created_ = events.filter((event) => event.payload.applicationId === id);
    expect(created_.map((event) => event.eventType).sort()).toEqual(['application.created', 'application.updated']);
    expect(created_.every((event) => event.userEmail === personas.systemAdmin.user.email)).toBe(true);
  });

  it('refuses anything but https links, javascript: included, naming the field', async () => {
    for (const [field, value] of [
      ['url', 'http://insecure.example.com/'],
      ['url', 'javascript:alert(1)'],
      ['logoUrl', 'data:image/png;base64,AAAA'],
      ['termsLink', 'ftp://files.example.com/terms'],
      ['url', 'not a url'],
    ] as const) {
      const response = await create({
        name: `Refused ${field} ${value}`,
        url: 'https://fine.example.com/',
        [field]: value,
      });
      expect(errorCodeOf(response), `${field}=${value}`).toBe('INVALID_REQUEST');
      expect(Object.keys(response.errors![0]!.extensions!.fields as object)).toEqual([field]);
    }
    const existing = await insertTestApplication(db());
    const response = await update({ id: existing.id, url: 'javascript:alert(1)' });
    expect(errorCodeOf(response)).toBe('INVALID_REQUEST');
    const [unchanged] = await db().select().from(applications).where(eq(applications.id, existing.id));
    expect(unchanged!.url).toBe(existing.url);
  });

  it('keeps an icon of the bundled collection, shown on the dashboard tile, and refuses any other name naming the field', async () => {
    const created = await create({ name: 'Source Hosting', url: 'https://git.example.com/', icon: 'git-branch' });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createApplication.id;
    expect((await read(id)).icon).toBe('git-branch');

    for (const icon of ['rocketship', 'GitBranch', 'git-commit', '<svg onload=alert(1)>']) {
      const refused = await update({ id, icon });
      expect(errorCodeOf(refused), icon).toBe('INVALID_REQUEST');
      expect(refused.errors![0]!.extensions!.fields, icon).toEqual({ icon: ['Choose an icon from the collection.'] });
      const refusedCreate = await create({ name: `Refused icon ${icon}`, url: 'https://fine.example.com/', icon });
      expect(errorCodeOf(refusedCreate), icon).toBe('INVALID_REQUEST');
    }
    const [kept] = await db().select().from(applications).where(eq(applications.id, id));
    expect(kept!.icon).toBe('git-branch');

    expect((await update({ id, icon: ' git-merge ' })).errors).toBeUndefined();
    const [changed] = await db().select().from(applications).where(eq(applications.id, id));
    expect(changed!.icon).toBe('git-merge');

    const owner = await signInTestUser(testApp);
    const team = await insertTestTeam(db(), { ownerId: owner.user.id, name: `Icons ${owner.user.id}` });
    await grantTestApplication(db(), { teamId: team.id, applicationId: id });
    const homepage = await graphqlRequest<{ myHomepage: { applications: { id: string; icon: string | null }[] } }>(
      testApp,
      { query: webDocument('GetMyHomepage'), credential: owner.accessToken },
    );
    expect(homepage.data!.myHomepage.applications).toContainEqual(expect.objectContaining({ id, icon: 'git-merge' }));

    for (const none of [null, '']) {
      expect((await update({ id, icon: none })).errors).toBeUndefined();
      const [cleared] = await db().select().from(applications).where(eq(applications.id, id));
      expect(cleared!.icon).toBeNull();
    }
  });

  it('refuses a name another application has, ignoring case, on create and on rename', async () => {
    const existing = await insertTestApplication(db(), { name: 'Unique Name Checker' });
    const duplicate = await create({ name: 'unique name CHECKER', url: 'https://dup.example.com/' });
    expect(errorCodeOf(duplicate)).toBe('DUPLICATE_VALUE');
    expect(duplicate.errors![0]!.extensions!.field).toBe('name');
    const other = await insertTestApplication(db());
    const rename = await update({ id: other.id, name: 'UNIQUE NAME CHECKER' });
    expect(errorCodeOf(rename)).toBe('DUPLICATE_VALUE');
    const ownName = await update({ id: existing.id, name: 'Unique name checker' });
    expect(ownName.errors).toBeUndefined();
  });

  it('checks lengths, a required name, meta as an object and unknown ids', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ icon: 'x'.repeat(101) }, 'icon'],
      [{ billingProductId: 'x'.repeat(101) }, 'billingProductId'],
      [{ url: `https://example.com/${'x'.repeat(2048)}` }, 'url'],
      [{ meta: ['not', 'an', 'object'] }, 'meta'],
    ];
    for (const [fields, field] of cases) {
      const response = await create({ name: `Length ${field}`, url: 'https://fine.example.com/', ...fields });
      expect(errorCodeOf(response), field).toBe('INVALID_REQUEST');
      expect(Object.keys(response.errors![0]!.extensions!.fields as object)).toEqual([field]);
    }
    const accepted = await create({
      name: 'x'.repeat(100),
      url: 'https://fine.example.com/',
      description: 'y'.repeat(2000),
    });
    expect(accepted.errors).toBeUndefined();
    for (const id of ['00000000-0000-0000-0000-000000000000', 'nope']) {
      expect(errorCodeOf(await update({ id, name: 'Ghost' }))).toBe('NOT_FOUND');
    }
  });

  it('is for system admins only', async () => {
    for (const persona of [personas.owner, personas.member]) {
      expect(
        errorCodeOf(await create({ name: 'Sneaky', url: 'https://sneaky.example.com/' }, persona.accessToken)),
      ).toBe('AUTH_NOT_AUTHORIZED');
    }
    const [sneaky] = await db().select().from(applications).where(eq(applications.name, 'Sneaky'));
    expect(sneaky).toBeUndefined();
  });
});

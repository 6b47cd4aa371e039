import { getNamedType, type GraphQLInputType, isInputObjectType, isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../errors.js';
import { insertTestApplication } from '../test/applications.js';
import type { TeamPersonas } from '../test/teams.js';
import { databaseDigest } from '../test/database.js';
import { errorCodeOf, graphqlRequest, type SignedInUser } from '../test/graphql.js';
import { db, personas, teamWithRoles, testApp, useTeamTestApp } from '../test/team-test-app.js';
import { schema } from './schema.js';

/**
 * docs/security.md: no input lets a caller set what they may not. Every mutation input that carries a privilege (a role,
 * a status, admin rights, an owner, an enabled flag) is listed here with a caller who may use the mutation but
 * not that value; the caller is refused and no table changes. A new privileged input fails the schema test until
 * it is listed with its case.
 */

const privilegedName = /role|status|systemAdmin|owner|enabled|admin|approv/i;

let teamFriendlyId: string;
let ungrantedApplicationId: string;

interface PrivilegedInputCase {
  /** `InputType.field` or `Mutation.field(argument)`. */
  input: string;
  /** Who may call the mutation, yet may not set this value. */
  caller: (personas: TeamPersonas) => SignedInUser;
  document: string;
  variables: () => Record<string, unknown>;
  expected: ErrorCode;
}

const cases: PrivilegedInputCase[] = [
  {
    input: 'AddTeamInput.ownerEmail',
    caller: (p) => p.member,
    document: 'mutation AddTeam($input: AddTeamInput!) { addTeam(input: $input) { id } }',
    variables: () => ({
      input: { name: 'Planted team', friendlyId: 'planted-team', ownerEmail: personas.outsider.user.email },
    }),
    expected: 'AUTH_NOT_AUTHORIZED',
  },
  {
    input: 'CreateInviteInput.teamRole',
    caller: (p) => p.admin,
    document: 'mutation CreateInvite($input: CreateInviteInput!) { createInvite(input: $input) { successCount } }',
    variables: () => ({ input: { teamFriendlyId, emails: ['new-owner@example.test'], teamRole: 'TeamOwner' } }),
    expected: 'INVALID_REQUEST',
  },
  {
    input: 'UpdateMemberRoleInput.role',
    caller: (p) => p.admin,
    document:
      'mutation UpdateMemberRole($memberInput: UpdateMemberRoleInput!) { updateMemberRole(memberInput: $memberInput) { role } }',
    variables: () => ({ memberInput: { teamFriendlyId, userId: personas.admin.user.id, role: 'TeamOwner' } }),
    expected: 'INVALID_REQUEST',
  },
  {
    input: 'UpdateTeamInput.enabled',
    caller: (p) => p.owner,
    document: 'mutation UpdateTeam($input: UpdateTeamInput!) { updateTeam(input: $input) { enabled } }',
    variables: () => ({ input: { teamFriendlyId, enabled: false } }),
    expected: 'AUTH_NOT_AUTHORIZED',
  },
  {
    // Owners and admins switch an application the team has; only system admins grant one.
    input: 'Mutation.updateAppStatus(status)',
    caller: (p) => p.admin,
    document:
      'mutation UpdateAppStatus($friendlyTeamId: String!, $appId: ID!) { updateAppStatus(friendlyTeamId: $friendlyTeamId, appId: $appId, status: ENABLED) { status } }',
    variables: () => ({ friendlyTeamId: teamFriendlyId, appId: ungrantedApplicationId }),
    expected: 'NOT_FOUND',
  },
  {
    input: 'UpdateUserInput.isSystemAdmin',
    caller: (p) => p.owner,
    document:
      'mutation UpdateUser($userInput: UpdateUserInput!) { updateUser(userInput: $userInput) { isSystemAdmin } }',
    variables: () => ({ userInput: { id: personas.owner.user.id, isSystemAdmin: true } }),
    expected: 'AUTH_NOT_AUTHORIZED',
  },
];

/** Every `InputType.field` and `Mutation.field(argument)` whose name carries a privilege. */
function privilegedMutationInputs(): string[] {
  const found = new Set<string>();
  const visit = (type: GraphQLInputType, seen: Set<string>) => {
    const named = getNamedType(type);
    // Filters narrow what a caller reads; they set nothing.
    if (!isInputObjectType(named) || named.name.endsWith('FilterInput') || seen.has(named.name)) return;
    seen.add(named.name);
    for (const field of Object.values(named.getFields())) {
      if (privilegedName.test(field.name)) found.add(`${named.name}.${field.name}`);
      visit(field.type, seen);
    }
  };
  const mutation = schema.getMutationType();
  if (!mutation || !isObjectType(mutation)) return [];
  for (const field of Object.values(mutation.getFields())) {
    for (const argument of field.args) {
      if (privilegedName.test(argument.name)) found.add(`Mutation.${field.name}(${argument.name})`);
      visit(argument.type, new Set());
    }
  }
  return [...found].sort();
}

useTeamTestApp();
beforeAll(async () => {
  ({ friendlyId: teamFriendlyId } = await teamWithRoles());
  ungrantedApplicationId = (await insertTestApplication(db())).id;
});

describe('API3:2023 BOPLA, mass assignment (ASVS V15.3.3) – privileged inputs', () => {
  it('lists every mutation input that carries a privilege, with a case', () => {
    expect(privilegedMutationInputs()).toEqual(cases.map((entry) => entry.input).sort());
  });

  it.each(cases)(
    '$input: refused with $expected, nothing changed',
    async ({ caller, document, variables, expected }) => {
      const before = await databaseDigest(testApp.database.db);
      const response = await graphqlRequest(testApp, {
        query: document,
        variables: variables(),
        credential: caller(personas).accessToken,
      });
      expect(errorCodeOf(response)).toBe(expected);
      expect(await databaseDigest(testApp.database.db)).toEqual(before);
    },
  );
});

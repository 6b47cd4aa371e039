import { systemRolesOf } from '../../auth/actor.js';
import type { UserRow } from '../../db/schema/users.js';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullable, nullableDateTime } from '../../graphql/field-options.js';
import { requireActor } from '../../graphql/context.js';
import { UserTeamType } from '../teams/teams.graphql.js';
import { userTeamsLoader } from '../teams/team-loaders.js';

export const UserType = builder.objectRef<UserRow>('User').implement({
  description: 'A person with an account on the portal.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The user's id." }),
    firstName: t.exposeString('firstName', { description: 'First name.' }),
    lastName: t.exposeString('lastName', { description: 'Last name.' }),
    email: t.exposeString('email', { description: 'Email address, as the identity provider gives it.' }),
    lastLogin: t.expose('lastLogin', nullableDateTime('When the user last signed in; null before the first sign-in.')),
    createdAt: t.expose(
      'createdAt',
      dateTime('When the account was created (its first sign-in, or an administrator adding the person).'),
    ),
    suspendedAt: t.expose(
      'suspendedAt',
      nullableDateTime(
        'When a system administrator suspended the account; null while it is active. A suspended person cannot sign in, and their sessions and service keys are refused.',
      ),
    ),
    primaryPhone: t.exposeString('primaryPhone', nullable('Phone number, if given.')),
    isSystemAdmin: t.exposeBoolean('isSystemAdmin', {
      description: 'Whether the user is a system administrator of the installation.',
    }),
    isEmailVerified: t.exposeBoolean('isEmailVerified', {
      description:
        'Whether the identity provider vouched for the email address at the last sign-in; team invites and ADMIN_EMAIL wait for it.',
    }),
    ordwayCustomerId: t.exposeString(
      'ordwayCustomerId',
      nullable('The billing customer whose billing and invoices the user sees; null for none.'),
    ),
    roles: t.stringList({
      description: 'System roles: StandardUser, and SystemAdmin for system administrators.',
      resolve: (user) => systemRolesOf(user),
    }),
    teams: t.field({
      type: [UserTeamType],
      description: "The user's teams with their role; disabled teams only for system admins.",
      resolve: async (user, _args, context) => {
        const actor = await requireActor(context);
        const userTeams = await context.loaders.get(userTeamsLoader).load(user.id);
        return actor.user.isSystemAdmin ? userTeams : userTeams.filter((team) => team.enabled);
      },
    }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserType,
    description: 'The signed-in user (for a service key, the user it acts as).',
    resolve: async (_root, _args, context) => (await requireActor(context)).user,
  }),
);

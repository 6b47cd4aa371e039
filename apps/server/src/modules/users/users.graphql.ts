import { systemRolesOf } from '../../auth/actor.js';
import type { UserRow } from '../../db/schema/users.js';
import { builder } from '../../graphql/builder.js';
import { requireActor } from '../../graphql/context.js';
import { UserTeamType } from '../teams/teams.graphql.js';
import { userTeamsLoader } from '../teams/team-loaders.js';

export const UserType = builder.objectRef<UserRow>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    lastLogin: t.expose('lastLogin', { type: 'DateTime', nullable: true }),
    primaryPhone: t.exposeString('primaryPhone', { nullable: true }),
    isSystemAdmin: t.exposeBoolean('isSystemAdmin'),
    ordwayCustomerId: t.exposeString('ordwayCustomerId', { nullable: true }),
    roles: t.stringList({ resolve: (user) => systemRolesOf(user) }),
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

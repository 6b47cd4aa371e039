import DataLoader from 'dataloader';
import { defineLoader } from '../../graphql/loaders.js';
import { findTeamAccesses, type TeamAccess } from './team-access.js';
import { listTeamsOfUsers, type UserTeam } from './teams.service.js';

interface TeamAccessKey {
  userId: string;
  teamFriendlyId: string;
}

/** The caller's role in each team a request names: one statement per caller however many fields ask. */
export const teamAccessLoader = defineLoader(
  'teamAccess',
  ({ db }) =>
    new DataLoader<TeamAccessKey, TeamAccess | undefined, string>(
      async (keys) => {
        const userIds = [...new Set(keys.map((key) => key.userId))];
        const accesses = await Promise.all(
          userIds.map((userId) =>
            findTeamAccesses(db, {
              userId,
              friendlyIds: keys.filter((key) => key.userId === userId).map((key) => key.teamFriendlyId),
            }),
          ),
        );
        return keys.map((key) =>
          accesses[userIds.indexOf(key.userId)]!.find((access) => access.team.friendlyId === key.teamFriendlyId),
        );
      },
      { cacheKeyFn: (key) => `${key.userId}/${key.teamFriendlyId}` },
    ),
);

/** Each user's teams with their role, for `User.teams` on lists of users. */
export const userTeamsLoader = defineLoader(
  'userTeams',
  ({ db }) =>
    new DataLoader<string, UserTeam[]>(async (userIds) => {
      const rows = await listTeamsOfUsers(db, userIds);
      return userIds.map((userId) => rows.filter((row) => row.userId === userId));
    }),
);

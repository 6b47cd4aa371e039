import DataLoader from 'dataloader';
import type { AppRequestHistoryRow } from '../../db/schema/applications.js';
import { defineLoader } from '../../graphql/loaders.js';
import { listAppRequestHistory } from './app-requests.service.js';
import { type ApplicationTeam, type ApplicationViewer, listApplicationTeams } from './applications.service.js';

interface ApplicationTeamsKey {
  applicationId: string;
  viewer: ApplicationViewer;
}

/** `Application.teams` for a whole page of applications: one statement per viewer, only when the field is asked for. */
export const applicationTeamsLoader = defineLoader(
  'applicationTeams',
  ({ db }) =>
    new DataLoader<ApplicationTeamsKey, ApplicationTeam[], string>(
      async (keys) => {
        const viewers = [...new Map(keys.map((key) => [key.viewer.userId, key.viewer])).values()];
        const teamsPerViewer = await Promise.all(
          viewers.map((viewer) =>
            listApplicationTeams(db, {
              viewer,
              applicationIds: keys.filter((key) => key.viewer.userId === viewer.userId).map((key) => key.applicationId),
            }),
          ),
        );
        const viewerIndex = new Map(viewers.map((viewer, index) => [viewer.userId, index]));
        return keys.map((key) =>
          teamsPerViewer[viewerIndex.get(key.viewer.userId)!]!.filter(
            (team) => team.applicationId === key.applicationId,
          ),
        );
      },
      { cacheKeyFn: (key) => `${key.viewer.userId}/${key.applicationId}` },
    ),
);

/** `AppRequest.history` for every request of a list in one statement. */
export const appRequestHistoryLoader = defineLoader(
  'appRequestHistory',
  ({ db }) =>
    new DataLoader<string, AppRequestHistoryRow[]>(async (requestIds) => {
      const entries = await listAppRequestHistory(db, { requestIds });
      return requestIds.map((requestId) => entries.filter((entry) => entry.requestId === requestId));
    }),
);

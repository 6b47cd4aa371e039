import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { applicationQueryKey } from './get-application-by-id';
import { myHomepageQueryKey, teamApplicationsQueryKey } from '@/lib/query-keys';

export const updateAppStatusDocument = graphql(`
  mutation UpdateAppStatus($friendlyTeamId: String!, $appId: ID!, $status: TeamApplicationStatus!) {
    updateAppStatus(friendlyTeamId: $friendlyTeamId, appId: $appId, status: $status) {
      id
      status
    }
  }
`);

export type UpdateAppStatusVariables = VariablesOf<typeof updateAppStatusDocument>;

/** Where a team's grant of an application shows: the team's applications, the application's pages, the homepage. */
export function teamApplicationQueryKeys({ friendlyTeamId, appId }: { friendlyTeamId: string; appId: string }) {
  return [teamApplicationsQueryKey(friendlyTeamId), applicationQueryKey(appId), myHomepageQueryKey];
}

/**
 * Switches a team's application on or off. The mutation stays pending until every view of the team's
 * applications (its home, the application's page, the dashboard's tiles) has been fetched again, so a
 * control showing `variables.status` meanwhile never flickers back.
 */
export function useUpdateAppStatus() {
  return useGraphQLMutation(
    async (graphqlClient, variables: UpdateAppStatusVariables) =>
      (await graphqlClient.request(updateAppStatusDocument, variables)).updateAppStatus,
    { invalidates: teamApplicationQueryKeys, invalidatesAfterFailure: true },
  );
}

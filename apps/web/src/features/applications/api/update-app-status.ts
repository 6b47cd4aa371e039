import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
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

/**
 * Switches a team's application on or off. The mutation stays pending until every view of the team's
 * applications (its home, the application's page, the dashboard's tiles) has been fetched again, so a
 * control showing `variables.status` meanwhile never flickers back.
 */
export function useUpdateAppStatus() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: UpdateAppStatusVariables) =>
      (await graphqlClient.request(updateAppStatusDocument, variables)).updateAppStatus,
    onSettled: (_application, _error, { friendlyTeamId, appId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamApplicationsQueryKey(friendlyTeamId) }),
        queryClient.invalidateQueries({ queryKey: applicationQueryKey(appId) }),
        queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
      ]),
  });
}

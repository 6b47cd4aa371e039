import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { applicationQueryKey } from './get-application-by-id';
import { myHomepageQueryKey, teamApplicationsQueryKey } from '@/lib/query-keys';

export const revokeTeamApplicationDocument = graphql(`
  mutation RevokeTeamApplication($friendlyTeamId: String!, $appId: ID!) {
    revokeTeamApplication(friendlyTeamId: $friendlyTeamId, appId: $appId)
  }
`);

/** System admins take an application away from a team; every view of the team's applications is fetched again. */
export function useRevokeTeamApplication() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: VariablesOf<typeof revokeTeamApplicationDocument>) =>
      graphqlClient.request(revokeTeamApplicationDocument, variables),
    onSettled: (_revoked, _error, { friendlyTeamId, appId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamApplicationsQueryKey(friendlyTeamId) }),
        queryClient.invalidateQueries({ queryKey: applicationQueryKey(appId) }),
        queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
      ]),
  });
}

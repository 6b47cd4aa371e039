import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { teamApplicationQueryKeys } from './update-app-status';

export const revokeTeamApplicationDocument = graphql(`
  mutation RevokeTeamApplication($friendlyTeamId: String!, $appId: ID!) {
    revokeTeamApplication(friendlyTeamId: $friendlyTeamId, appId: $appId)
  }
`);

/** System admins take an application away from a team; every view of the team's applications is fetched again. */
export function useRevokeTeamApplication() {
  return useGraphQLMutation(
    (graphqlClient, variables: VariablesOf<typeof revokeTeamApplicationDocument>) =>
      graphqlClient.request(revokeTeamApplicationDocument, variables),
    { invalidates: teamApplicationQueryKeys, invalidatesAfterFailure: true },
  );
}

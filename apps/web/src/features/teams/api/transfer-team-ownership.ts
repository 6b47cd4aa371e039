import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { useTeamChangeInvalidation } from './use-team-change-invalidation';

export const transferTeamOwnershipDocument = graphql(`
  mutation TransferTeamOwnership($teamFriendlyId: String!, $targetUserId: ID!) {
    transferTeamOwnership(teamFriendlyId: $teamFriendlyId, targetUserId: $targetUserId) {
      id
      roleName
    }
  }
`);

export function useTransferTeamOwnership() {
  const invalidateTeam = useTeamChangeInvalidation();
  return useGraphQLMutation(
    (graphqlClient, variables: VariablesOf<typeof transferTeamOwnershipDocument>) =>
      graphqlClient.request(transferTeamOwnershipDocument, variables),
    { onSuccess: (_team, { teamFriendlyId }) => invalidateTeam(teamFriendlyId) },
  );
}

import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const invalidateTeam = useTeamChangeInvalidation();
  return useMutation({
    mutationFn: (variables: VariablesOf<typeof transferTeamOwnershipDocument>) =>
      graphqlClient.request(transferTeamOwnershipDocument, variables),
    onSuccess: (_team, { teamFriendlyId }) => invalidateTeam(teamFriendlyId),
  });
}

import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { useTeamChangeInvalidation } from './use-team-change-invalidation';

export const updateMemberRoleDocument = graphql(`
  mutation UpdateMemberRole($memberInput: UpdateMemberRoleInput!) {
    updateMemberRole(memberInput: $memberInput) {
      userId
      role
    }
  }
`);

export type UpdateMemberRoleInput = VariablesOf<typeof updateMemberRoleDocument>['memberInput'];

export function useUpdateMemberRole() {
  const invalidateTeam = useTeamChangeInvalidation();
  return useGraphQLMutation(
    async (graphqlClient, memberInput: UpdateMemberRoleInput) =>
      (await graphqlClient.request(updateMemberRoleDocument, { memberInput })).updateMemberRole,
    { onSuccess: (_member, { teamFriendlyId }) => invalidateTeam(teamFriendlyId) },
  );
}

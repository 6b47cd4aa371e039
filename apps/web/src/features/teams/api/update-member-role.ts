import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const invalidateTeam = useTeamChangeInvalidation();
  return useMutation({
    mutationFn: async (memberInput: UpdateMemberRoleInput) =>
      (await graphqlClient.request(updateMemberRoleDocument, { memberInput })).updateMemberRole,
    onSuccess: (_member, { teamFriendlyId }) => invalidateTeam(teamFriendlyId),
  });
}

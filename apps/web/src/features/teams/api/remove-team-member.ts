import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useTeamChangeInvalidation } from './use-team-change-invalidation';

export const removeTeamMemberDocument = graphql(`
  mutation RemoveTeamMember($teamFriendlyId: String!, $memberId: ID!) {
    removeTeamMember(teamFriendlyId: $teamFriendlyId, memberId: $memberId)
  }
`);

type RemoveTeamMemberVariables = VariablesOf<typeof removeTeamMemberDocument>;

export function useRemoveTeamMember() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const invalidateTeam = useTeamChangeInvalidation();
  return useMutation({
    mutationFn: (variables: RemoveTeamMemberVariables) => graphqlClient.request(removeTeamMemberDocument, variables),
    onSuccess: (_removed, { teamFriendlyId }) => invalidateTeam(teamFriendlyId),
  });
}

/** Leaves a team (removes the caller); the caller leaves its screens, then forgets it (useForgetTeam). */
export function useLeaveTeam() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useMutation({
    mutationFn: (variables: RemoveTeamMemberVariables) => graphqlClient.request(removeTeamMemberDocument, variables),
  });
}

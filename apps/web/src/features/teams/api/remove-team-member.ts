import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import type { GraphQLClient } from '@/lib/graphql-client';
import { useTeamChangeInvalidation } from './use-team-change-invalidation';

export const removeTeamMemberDocument = graphql(`
  mutation RemoveTeamMember($teamFriendlyId: String!, $memberId: ID!) {
    removeTeamMember(teamFriendlyId: $teamFriendlyId, memberId: $memberId)
  }
`);

type RemoveTeamMemberVariables = VariablesOf<typeof removeTeamMemberDocument>;

function removeTeamMember(graphqlClient: GraphQLClient, variables: RemoveTeamMemberVariables) {
  return graphqlClient.request(removeTeamMemberDocument, variables);
}

export function useRemoveTeamMember() {
  const invalidateTeam = useTeamChangeInvalidation();
  return useGraphQLMutation(removeTeamMember, {
    onSuccess: (_removed, { teamFriendlyId }) => invalidateTeam(teamFriendlyId),
  });
}

/** Leaves a team (removes the caller); the caller leaves its screens, then forgets it (useForgetTeam). */
export function useLeaveTeam() {
  return useGraphQLMutation(removeTeamMember);
}

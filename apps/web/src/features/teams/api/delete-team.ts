import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

export const deleteTeamDocument = graphql(`
  mutation DeleteTeam($teamFriendlyId: String!) {
    deleteTeam(teamFriendlyId: $teamFriendlyId)
  }
`);

/** Deletes a team; the caller leaves its screens, then forgets it (useForgetTeam). */
export function useDeleteTeam() {
  return useGraphQLMutation((graphqlClient, teamFriendlyId: string) =>
    graphqlClient.request(deleteTeamDocument, { teamFriendlyId }),
  );
}

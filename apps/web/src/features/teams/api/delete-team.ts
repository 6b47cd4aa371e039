import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';

export const deleteTeamDocument = graphql(`
  mutation DeleteTeam($teamFriendlyId: String!) {
    deleteTeam(teamFriendlyId: $teamFriendlyId)
  }
`);

/** Deletes a team; the caller leaves its screens, then forgets it (useForgetTeam). */
export function useDeleteTeam() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useMutation({
    mutationFn: (teamFriendlyId: string) => graphqlClient.request(deleteTeamDocument, { teamFriendlyId }),
  });
}

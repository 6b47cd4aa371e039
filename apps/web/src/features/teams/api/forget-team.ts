import { useQueryClient } from '@tanstack/react-query';
import { myHomepageQueryKey, teamQueryKey } from '@/lib/query-keys';

/**
 * After leaving or deleting a team: call once the page has moved away from the team, so its screens
 * do not ask again for a team the user can no longer see.
 */
export function useForgetTeam() {
  const queryClient = useQueryClient();
  return (teamFriendlyId: string) => {
    queryClient.removeQueries({ queryKey: teamQueryKey(teamFriendlyId) });
    return queryClient.invalidateQueries({ queryKey: myHomepageQueryKey });
  };
}

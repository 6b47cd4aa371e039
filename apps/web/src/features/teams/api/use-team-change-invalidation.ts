import { useQueryClient } from '@tanstack/react-query';
import { myHomepageQueryKey, teamQueryKey } from '@/lib/query-keys';

/** After a membership change: the team (and so the caller's role), its lists and the dashboard. */
export function useTeamChangeInvalidation() {
  const queryClient = useQueryClient();
  return (teamFriendlyId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamQueryKey(teamFriendlyId) }),
      queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
    ]);
}

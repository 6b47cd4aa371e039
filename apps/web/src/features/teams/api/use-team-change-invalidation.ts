import { useQueryClient } from '@tanstack/react-query';
import { myHomepageQueryKey } from '@/features/dashboard/api/get-my-homepage';
import { teamQueryKey } from './get-team-by-friendly-id';

/** After a membership change: the team (and so the caller's role), its lists and the dashboard. */
export function useTeamChangeInvalidation() {
  const queryClient = useQueryClient();
  return (teamFriendlyId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamQueryKey(teamFriendlyId) }),
      queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
    ]);
}

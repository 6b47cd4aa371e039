import { useQueryClient } from '@tanstack/react-query';
import { applicationsQueryKey } from './get-all-applications';
import { appRequestQueryKey } from './get-app-request';
import { appRequestsQueryKey } from './get-app-requests';
import { myHomepageQueryKey, teamApplicationsQueryKey } from '@/lib/query-keys';

/**
 * After a decision or a comment: the request, the request list, the application's teams and (when the
 * team is known) the team's applications and the dashboard's tiles are fetched again.
 */
export function useAppRequestChangeInvalidation() {
  const queryClient = useQueryClient();
  return (teamFriendlyId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appRequestQueryKey }),
      queryClient.invalidateQueries({ queryKey: appRequestsQueryKey }),
      queryClient.invalidateQueries({ queryKey: applicationsQueryKey }),
      queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
      ...(teamFriendlyId
        ? [queryClient.invalidateQueries({ queryKey: teamApplicationsQueryKey(teamFriendlyId) })]
        : []),
    ]);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouteContext, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { setupChecklistFieldsFragment } from './get-setup-checklist';

export const getSystemOverviewDocument = graphql(
  `
    query GetSystemOverview {
      systemOverview {
        peopleCount
        teamCount
        pendingRequestCount
        isMailConfigured
        overdueMailCount
        recentWebhookFailures {
          id
          eventType
          error
          createdAt
        }
      }
      setupChecklist {
        ...SetupChecklistFields
      }
    }
  `,
  [setupChecklistFieldsFragment],
);

export type SystemOverviewData = ResultOf<typeof getSystemOverviewDocument>;

export function getSystemOverviewQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: ['system', 'overview'],
    queryFn: () => graphqlClient.request(getSystemOverviewDocument),
    // Counts and the checklist change with what administrators do on the other tabs.
    staleTime: 0,
  });
}

/**
 * The pending-request count for the administration tabs; shown once known, never holding the page up, and asked
 * again on each move between the tabs (a decision on one page changes the count the tabs show).
 */
export function usePendingRequestCount(): number | undefined {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { data, refetch } = useQuery(getSystemOverviewQueryOptions(graphqlClient));
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  return data?.systemOverview.pendingRequestCount;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

/** What the checklist shows, on the dashboard and on the system overview. */
export const setupChecklistFieldsFragment = graphql(`
  fragment SetupChecklistFields on SetupChecklist @_unmask {
    isComplete
    items {
      key
      isDone
    }
  }
`);

export const getSetupChecklistDocument = graphql(
  `
    query GetSetupChecklist {
      setupChecklist {
        ...SetupChecklistFields
      }
    }
  `,
  [setupChecklistFieldsFragment],
);

export type SetupChecklist = ResultOf<typeof setupChecklistFieldsFragment>;

export function getSetupChecklistQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: ['system', 'setup-checklist'],
    queryFn: () => graphqlClient.request(getSetupChecklistDocument),
    // Each step ticks itself off from what the administrator just did elsewhere: ask again on every visit.
    staleTime: 0,
  });
}

/**
 * The checklist for the dashboard, whose loader asks for it (`routes/_default/dashboard.tsx`): on a visit the screen
 * reads that answer rather than asking a second time as it mounts.
 */
export function useSetupChecklist(isEnabled: boolean) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useQuery({ ...getSetupChecklistQueryOptions(graphqlClient), enabled: isEnabled, refetchOnMount: false });
}

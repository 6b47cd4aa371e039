import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { infiniteCursorQueryOptions } from '@/lib/paged-query';
import { teamApplicationsQueryKey } from '@/lib/query-keys';

export const getTeamAvailableAppsDocument = graphql(
  `
    query GetTeamAvailableApps($teamFriendlyId: String!, $search: String, $first: Int, $after: String) {
      teamAvailableApps(teamFriendlyId: $teamFriendlyId, search: $search, first: $first, after: $after) {
        nodes {
          id
          name
          description
          logoUrl
          icon
          hasPendingRequest
        }
        pageInfo {
          ...PageInfoFields
        }
        totalCount
      }
    }
  `,
  [pageInfoFragment],
);

export type AvailableApp = NonNullable<
  ResultOf<typeof getTeamAvailableAppsDocument>['teamAvailableApps']['nodes']
>[number];

const availableAppsPageSize = 12;

/** The applications a team has not been granted, by name, a page at a time, with its pending requests marked. */
export function teamAvailableAppsQueryOptions(graphqlClient: GraphQLClient, teamFriendlyId: string) {
  return infiniteCursorQueryOptions(
    [...teamApplicationsQueryKey(teamFriendlyId), 'available'],
    async (after) =>
      (
        await graphqlClient.request(getTeamAvailableAppsDocument, {
          teamFriendlyId,
          first: availableAppsPageSize,
          after,
        })
      ).teamAvailableApps,
  );
}

export function useTeamAvailableApps(teamFriendlyId: string) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseInfiniteQuery(teamAvailableAppsQueryOptions(graphqlClient, teamFriendlyId));
}

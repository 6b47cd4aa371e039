import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { nextPageParam, pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { teamQueryKey } from '@/lib/query-keys';

export const getTeamMembersDocument = graphql(
  `
    query GetTeamMembers($teamFriendlyId: String!, $where: TeamMemberFilterInput, $first: Int, $after: String) {
      teamMembers(
        teamFriendlyId: $teamFriendlyId
        where: $where
        first: $first
        after: $after
        order: [{ email: ASC }]
      ) {
        nodes {
          userId
          firstName
          lastName
          email
          role
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

export type TeamMember = NonNullable<ResultOf<typeof getTeamMembersDocument>['teamMembers']['nodes']>[number];

const membersPageSize = 50;

/** A team's members by email, a page at a time; `emailSearch` narrows them to matching addresses. */
export function teamMembersQueryOptions(graphqlClient: GraphQLClient, teamFriendlyId: string, emailSearch = '') {
  const where = emailSearch ? { email: { contains: emailSearch } } : undefined;
  return infiniteQueryOptions({
    queryKey: [...teamQueryKey(teamFriendlyId), 'members', { emailSearch }],
    // Others join, leave and change roles: show the cached list at once, then refresh it (not right after the loader fetched it).
    staleTime: 5_000,
    queryFn: ({ pageParam }) =>
      graphqlClient.request(getTeamMembersDocument, {
        teamFriendlyId,
        where,
        first: membersPageSize,
        after: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => nextPageParam(page.teamMembers),
  });
}

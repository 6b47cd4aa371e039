import { infiniteQueryOptions, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { graphql } from '@/lib/graphql';

export const getMyNotificationsDocument = graphql(`
  query GetMyNotifications(
    $first: Int
    $after: String
    $where: NotificationFilterInput
    $order: [NotificationSortInput!]
  ) {
    myNotifications(first: $first, after: $after, where: $where, order: $order) {
      edges {
        cursor
        node {
          id
          type
          message
          isRead
          createdAt
          externalId
          actorName
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`);

export type GetMyNotificationsVariables = VariablesOf<typeof getMyNotificationsDocument>;

/** What the bell's flyout shows: the 3 newest unread notifications (docs/spec.md §2, §9). */
export const unreadFlyoutVariables = {
  first: 3,
  where: { isRead: { eq: false } },
  order: [{ createdAt: 'DESC' }],
} as const satisfies GetMyNotificationsVariables;

export const myNotificationsQueryKey = ['notifications', 'mine'] as const;

export function getMyNotificationsQueryOptions(graphqlClient: GraphQLClient, variables: GetMyNotificationsVariables) {
  return pagedQueryOptions(graphqlClient, getMyNotificationsDocument, myNotificationsQueryKey, variables);
}

/**
 * The bell's unread notifications. A failed fetch keeps its error (for the caller and monitoring)
 * and shows no notifications rather than breaking the page. Until `enabled`, it only reads what is cached.
 */
export function useUnreadNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useQuery({
    ...getMyNotificationsQueryOptions(graphqlClient, unreadFlyoutVariables),
    enabled,
    // New invites and decisions should light the bell without a reload.
    refetchInterval: 60_000,
  });
  const notifications = query.data?.myNotifications.edges?.map((edge) => edge.node) ?? [];
  return { notifications, hasUnread: notifications.length > 0, error: query.error, refetch: query.refetch };
}

/** The newest notification about one team invite: what the invite email's link opens. */
export function inviteNotificationQueryOptions(graphqlClient: GraphQLClient, inviteId: string) {
  return getMyNotificationsQueryOptions(graphqlClient, {
    first: 1,
    where: { type: { eq: 'TeamInvite' }, externalId: { eq: inviteId } },
    order: [{ createdAt: 'DESC' }],
  });
}

export type NotificationFilter = 'all' | 'unread';

const notificationsPageSize = 20;

/** The notifications screen: newest first, a page at a time, all or only the unread ones. */
export function myNotificationsInfiniteQueryOptions(graphqlClient: GraphQLClient, filter: NotificationFilter) {
  const where = filter === 'unread' ? { isRead: { eq: false } } : undefined;
  return infiniteQueryOptions({
    queryKey: [...myNotificationsQueryKey, 'pages', filter],
    queryFn: async ({ pageParam }) =>
      (
        await graphqlClient.request(getMyNotificationsDocument, {
          first: notificationsPageSize,
          after: pageParam,
          where,
          order: [{ createdAt: 'DESC' }],
        })
      ).myNotifications,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? undefined) : undefined),
  });
}

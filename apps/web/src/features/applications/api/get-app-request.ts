import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { appRequestSummaryFieldsFragment } from './get-app-requests';

export const getAppRequestDocument = graphql(
  `
    query GetAppRequest($id: ID!) {
      appRequest(id: $id) {
        ...AppRequestSummaryFields
        requestedById
        contactEmail
        contactPhone
        message
        comments
        teamApplicationStatus
        history {
          action
          actorName
          comments
          createdAt
        }
      }
    }
  `,
  [appRequestSummaryFieldsFragment],
);

export type AppRequestDetail = ResultOf<typeof getAppRequestDocument>['appRequest'];
export type AppRequestStatus = AppRequestDetail['status'];

/** Every query about one request starts with this key, so a decision or a comment refreshes it wherever it shows. */
export const appRequestQueryKey = ['app-requests', 'by-id'] as const;

/** One request with its history (oldest first): for system admins and the members of the request's team. */
export function getAppRequestQueryOptions(graphqlClient: GraphQLClient, id: string) {
  return queryOptions({
    queryKey: [...appRequestQueryKey, id],
    queryFn: () => graphqlClient.request(getAppRequestDocument, { id }),
  });
}

export function useAppRequest(id: string): AppRequestDetail {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseQuery(getAppRequestQueryOptions(graphqlClient, id)).data.appRequest;
}

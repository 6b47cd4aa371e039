import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { applicationsQueryKey } from './get-all-applications';

export const getApplicationByIdDocument = graphql(`
  query GetApplicationById($id: ID!) {
    applicationById(id: $id) {
      id
      name
      description
      url
      logoUrl
      icon
      meta
      isDxp
      termsDate
      termsLink
      billingProductId
      createdAt
      updatedAt
      teams {
        friendlyId
        name
        status
      }
    }
  }
`);

export type ApplicationDetail = ResultOf<typeof getApplicationByIdDocument>['applicationById'];

/**
 * Every query about one application (this one, AppInfo, the request-access info) starts with this key:
 * invalidating it after an edit, a grant or a decision refreshes them all.
 */
export const applicationByIdQueryKey = [...applicationsQueryKey, 'by-id'] as const;

export const applicationQueryKey = (applicationId: string) => [...applicationByIdQueryKey, applicationId] as const;

/** One application with every field; `teams` are those granted it that the caller may see. */
export function getApplicationByIdQueryOptions(graphqlClient: GraphQLClient, id: string) {
  return queryOptions({
    queryKey: [...applicationQueryKey(id), 'application'],
    queryFn: () => graphqlClient.request(getApplicationByIdDocument, { id }),
  });
}

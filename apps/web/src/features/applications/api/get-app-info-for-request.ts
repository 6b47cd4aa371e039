import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { applicationQueryKey } from './get-application-by-id';

export const getAppInfoForRequestDocument = graphql(`
  query GetAppInfoForRequest($appId: ID!, $teamFriendlyId: String!) {
    appInfoForRequest(appId: $appId, teamFriendlyId: $teamFriendlyId) {
      errorMessage
      appId
      appName
      teamName
      teamFriendlyId
      email
      firstName
      lastName
      phoneNumber
      termsLink
      termsDate
    }
  }
`);

export type RequestAccessInfo = ResultOf<typeof getAppInfoForRequestDocument>['appInfoForRequest'];

/**
 * What the request-access form starts from for one team: the caller's contact details, the terms, and
 * `errorMessage` when that team cannot ask (it has the application, a request is pending, it is disabled).
 */
export function appInfoForRequestQueryOptions(graphqlClient: GraphQLClient, appId: string, teamFriendlyId: string) {
  return queryOptions({
    queryKey: [...applicationQueryKey(appId), 'request-info', teamFriendlyId],
    queryFn: async () =>
      (await graphqlClient.request(getAppInfoForRequestDocument, { appId, teamFriendlyId })).appInfoForRequest,
    // The answer changes as soon as someone in the team asks; never show a stale "you may ask".
    staleTime: 0,
  });
}

import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { applicationQueryKey } from './get-application-by-id';

export const appInfoDocument = graphql(`
  query AppInfo($appId: ID!) {
    appInfo(appId: $appId) {
      application {
        id
        name
        description
        url
        logoUrl
        icon
        isDxp
        termsDate
        termsLink
      }
      myTeams {
        friendlyId
        name
        roleName
        status
        hasPendingRequest
        canManage
      }
    }
  }
`);

export type AppInfo = ResultOf<typeof appInfoDocument>['appInfo'];
export type AppInfoTeam = AppInfo['myTeams'][number];

/** The caller's view of one application: the application and each of their teams' standing with it. */
export function appInfoQueryOptions(graphqlClient: GraphQLClient, appId: string) {
  return queryOptions({
    queryKey: [...applicationQueryKey(appId), 'info'],
    queryFn: async () => (await graphqlClient.request(appInfoDocument, { appId })).appInfo,
  });
}

export function useAppInfo(appId: string): AppInfo {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseQuery(appInfoQueryOptions(graphqlClient, appId)).data;
}

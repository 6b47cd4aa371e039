import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { applicationQueryKey } from './get-application-by-id';
import { teamApplicationsQueryKey } from '@/lib/query-keys';

export const requestApplicationAccessDocument = graphql(`
  mutation RequestApplicationAccess($requestAccessInput: RequestAccessInput!) {
    requestApplicationAccess(input: $requestAccessInput) {
      id
      status
    }
  }
`);

export type RequestAccessInput = VariablesOf<typeof requestApplicationAccessDocument>['requestAccessInput'];

/** Asks the system administrators to grant an application to a team; answers the new request. */
export function useRequestApplicationAccess() {
  return useGraphQLMutation(
    async (graphqlClient, requestAccessInput: RequestAccessInput) =>
      (await graphqlClient.request(requestApplicationAccessDocument, { requestAccessInput })).requestApplicationAccess,
    // The team now has a pending request: the application's "your teams" and the team's available list say so.
    {
      invalidates: ({ appId, teamFriendlyId }) => [
        applicationQueryKey(appId),
        teamApplicationsQueryKey(teamFriendlyId),
      ],
    },
  );
}

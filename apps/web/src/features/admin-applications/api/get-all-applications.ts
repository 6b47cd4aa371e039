import type { ResultOf, VariablesOf } from 'gql.tada';
import { applicationsQueryKey, getAllApplicationsDocument } from '@/features/applications/api/get-all-applications';
import type { GraphQLClient } from '@/lib/graphql-client';
import { pagedQueryOptions } from '@/lib/paged-query';

export type GetAllApplicationsVariables = VariablesOf<typeof getAllApplicationsDocument>;

export type ApplicationListEntry = NonNullable<
  ResultOf<typeof getAllApplicationsDocument>['allApplications']['nodes']
>[number];

/** Under the key of every application query, so any change to an application refreshes the list too. */
export const allApplicationsQueryKey = [...applicationsQueryKey, 'administration'] as const;

/** A page of the catalogue (the one GetAllApplications document) for the administration list, by name. */
export function getAllApplicationsQueryOptions(graphqlClient: GraphQLClient, variables: GetAllApplicationsVariables) {
  return pagedQueryOptions(graphqlClient, getAllApplicationsDocument, allApplicationsQueryKey, variables);
}

import { queryOptions } from '@tanstack/react-query';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';

export const getTermsOfServiceDocument = graphql(`
  query GetTermsOfService {
    termsOfService {
      version
      markdown
    }
  }
`);

export const termsOfServiceQueryKey = ['terms-of-service'] as const;

export function getTermsOfServiceQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: termsOfServiceQueryKey,
    queryFn: () => graphqlClient.request(getTermsOfServiceDocument),
  });
}

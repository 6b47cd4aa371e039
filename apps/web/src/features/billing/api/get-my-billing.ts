import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

export const getMyBillingDocument = graphql(`
  query GetMyBilling {
    myBilling {
      id
      name
      status
      billingCycleDay
      billingContactEmail
      payNowUrl
      openInvoicesUrl
      currency
    }
    me {
      id
      ordwayCustomerId
    }
  }
`);

export type BillingCustomer = NonNullable<ResultOf<typeof getMyBillingDocument>['myBilling']>;

export function getMyBillingQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: ['billing', 'mine'],
    queryFn: () => graphqlClient.request(getMyBillingDocument),
  });
}

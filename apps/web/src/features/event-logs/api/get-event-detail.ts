import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

export const getEventDetailDocument = graphql(`
  query GetEventDetail($id: ID!) {
    eventDetail(id: $id) {
      id
      date
      eventType
      userEmail
      payload
    }
  }
`);

export function getEventDetailQueryOptions(graphqlClient: GraphQLClient, id: string) {
  return queryOptions({
    queryKey: ['event-logs', 'detail', id],
    queryFn: () => graphqlClient.request(getEventDetailDocument, { id }),
  });
}

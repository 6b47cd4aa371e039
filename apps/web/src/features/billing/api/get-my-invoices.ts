import type { ResultOf, VariablesOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions } from '@/lib/list-route';
import { pagedQueryOptions } from '@/lib/paged-query';
import type { InvoiceFilter } from '../invoice-filter';

export const getMyInvoicesDocument = graphql(
  `
    query GetMyInvoices($date: Date, $first: Int, $after: String, $last: Int, $before: String) {
      myInvoices(date: $date, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          status
          invoiceDate
          dueDate
          invoiceAmount
          paidAmount
          balance
          invoicePdfUrl
          currency
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [pageInfoFragment],
);

export type GetMyInvoicesVariables = VariablesOf<typeof getMyInvoicesDocument>;

export type Invoice = NonNullable<ResultOf<typeof getMyInvoicesDocument>['myInvoices']['nodes']>[number];

export function getMyInvoicesQueryOptions(graphqlClient: GraphQLClient, variables: GetMyInvoicesVariables) {
  return pagedQueryOptions(graphqlClient, getMyInvoicesDocument, ['billing', 'invoices'], variables);
}

/** The page of invoices the billing page's URL names. */
export const myInvoicesPageQueryOptions = listPageQueryOptions(
  getMyInvoicesQueryOptions,
  20,
  ({ since }: InvoiceFilter) => ({ date: since }),
);

import type { ResultOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import { cursorPagedList } from '@/lib/paged-query';
import type { InvoiceFilter } from '../invoice-filter';

export const getMyInvoicesDocument = graphql(
  `
    query GetMyInvoices($date: Date, $until: Date, $first: Int, $after: String, $last: Int, $before: String) {
      myInvoices(date: $date, until: $until, first: $first, after: $after, last: $last, before: $before) {
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

export type Invoice = NonNullable<ResultOf<typeof getMyInvoicesDocument>['myInvoices']['nodes']>[number];

/** The page of invoices the billing page's URL names. */
export const { pageQueryOptions: myInvoicesPageQueryOptions } = cursorPagedList(
  getMyInvoicesDocument,
  ['billing', 'invoices'],
  20,
  ({ since, until }: InvoiceFilter) => ({ date: since, until }),
);

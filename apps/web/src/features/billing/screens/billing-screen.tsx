import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { ReceiptIcon } from 'lucide-react';
import { FilteredCursorList } from '@/components/filtered-cursor-list';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { type ListScreenProps, splitListSearch } from '@/lib/list-route';
import { useDeferredListPage } from '@/lib/use-list-page';
import { getMyBillingQueryOptions } from '../api/get-my-billing';
import { myInvoicesPageQueryOptions } from '../api/get-my-invoices';
import { BillingCustomerCard } from '../components/billing-customer-card';
import { InvoiceDateFilter } from '../components/invoice-date-filter';
import { InvoicesTable } from '../components/invoices-table';
import { NoBillingCustomer } from '../components/no-billing-customer';
import type { InvoiceFilter } from '../invoice-filter';

/** The signed-in user's billing account and invoices. */
export function BillingScreen({ search, onSearchChange }: ListScreenProps<InvoiceFilter>) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data: billing } = useSuspenseQuery(getMyBillingQueryOptions(graphqlClient));
  const { data: invoices, isUpdating } = useDeferredListPage(myInvoicesPageQueryOptions, search);
  const { filter } = splitListSearch(search);
  const customer = billing.myBilling;
  const invoiceList = invoices.myInvoices.nodes ?? [];

  if (!customer) {
    return (
      <>
        <BillingHeader />
        <NoBillingCustomer linkedCustomerId={billing.me.ordwayCustomerId ?? null} />
      </>
    );
  }

  return (
    <>
      <BillingHeader />
      <BillingCustomerCard customer={customer} />
      <section aria-labelledby="invoices-heading" className="mt-8">
        <FilteredCursorList
          label="Invoices"
          filters={
            <>
              <h2 id="invoices-heading" className="mb-4 text-lg font-semibold">
                Invoices
              </h2>
              <InvoiceDateFilter filter={filter} isUpdating={isUpdating} onApply={onSearchChange} />
            </>
          }
          pageInfo={invoices.myInvoices.pageInfo}
          onPageChange={(page) => onSearchChange({ ...filter, ...page })}
          isEmpty={invoiceList.length === 0}
          isFiltered={Boolean(filter.since || filter.until)}
          isUpdating={isUpdating}
          noMatch={{
            title: 'No invoices in this period',
            text: 'No invoice is dated in these days. Widen the dates or clear the filter.',
          }}
          empty={{
            icon: ReceiptIcon,
            title: 'No invoices yet',
            text: 'Invoices appear here once the billing system sends them.',
          }}
        >
          <InvoicesTable invoices={invoiceList} />
        </FilteredCursorList>
      </section>
    </>
  );
}

export function BillingScreenSkeleton() {
  return (
    <>
      <BillingHeader />
      <Skeleton className="mb-8 h-44 rounded-xl" />
      <TableSkeleton rows={5} columns={7} />
    </>
  );
}

function BillingHeader() {
  return <PageHeader title="Billing" description="Your billing account and invoices." />;
}

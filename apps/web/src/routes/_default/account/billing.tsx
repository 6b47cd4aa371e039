import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ReceiptIcon, SearchXIcon } from 'lucide-react';
import { CursorPagination } from '@/components/ui/cursor-pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { getMyBillingQueryOptions } from '@/features/billing/api/get-my-billing';
import { getMyInvoicesQueryOptions } from '@/features/billing/api/get-my-invoices';
import { BillingCustomerCard } from '@/features/billing/components/billing-customer-card';
import { InvoiceDateFilter } from '@/features/billing/components/invoice-date-filter';
import { InvoicesTable } from '@/features/billing/components/invoices-table';
import { cursorPageSearchOf, cursorPageVariables, searchText, type CursorPageSearch } from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';

const pageSize = 20;

type BillingSearch = CursorPageSearch & { since?: string };

const description = 'Your billing account and invoices.';

export const Route = createFileRoute('/_default/account/billing')({
  validateSearch: (search: Record<string, unknown>): BillingSearch => {
    const since = searchText(search.since);
    return { ...cursorPageSearchOf(search), since: since && /^\d{4}-\d{2}-\d{2}$/.test(since) ? since : undefined };
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(getMyBillingQueryOptions(context.graphqlClient)),
      context.queryClient.ensureQueryData(getMyInvoicesQueryOptions(context.graphqlClient, invoicesVariablesOf(deps))),
    ]);
  },
  head: () => ({ meta: [{ title: pageTitle('Billing') }] }),
  pendingComponent: () => (
    <>
      <PageHeader title="Billing" description={description} />
      <Skeleton className="mb-8 h-44 rounded-xl" />
      <TableSkeleton rows={5} columns={7} />
    </>
  ),
  component: BillingPage,
});

function invoicesVariablesOf({ since, ...page }: BillingSearch) {
  return { date: since, ...cursorPageVariables(page, pageSize) };
}

function BillingPage() {
  const { graphqlClient } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: billing } = useSuspenseQuery(getMyBillingQueryOptions(graphqlClient));
  const { data: invoices } = useSuspenseQuery(getMyInvoicesQueryOptions(graphqlClient, invoicesVariablesOf(search)));
  const customer = billing.myBilling;
  const invoiceList = invoices.myInvoices.nodes ?? [];

  if (!customer) {
    return (
      <>
        <PageHeader title="Billing" description={description} />
        <EmptyState
          icon={ReceiptIcon}
          title="No billing account"
          text="Your account is not linked to a billing customer, so there are no invoices to show. A system administrator can link it."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Billing" description={description} />
      <BillingCustomerCard customer={customer} />
      <section aria-labelledby="invoices-heading" className="mt-8 grid gap-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="invoices-heading" className="text-lg font-semibold">
            Invoices
          </h2>
          <InvoiceDateFilter
            key={search.since ?? ''}
            since={search.since}
            onApply={(since) => void navigate({ search: { since } })}
          />
        </div>
        {invoiceList.length > 0 ? (
          <>
            <InvoicesTable invoices={invoiceList} />
            <CursorPagination
              label="Invoices"
              pageInfo={invoices.myInvoices.pageInfo}
              onPageChange={(page) => void navigate({ search: { since: search.since, ...page } })}
            />
          </>
        ) : search.since ? (
          <EmptyState
            icon={SearchXIcon}
            title="No invoices in this period"
            text="No invoice is dated on or after this day."
          />
        ) : (
          <EmptyState
            icon={ReceiptIcon}
            title="No invoices yet"
            text="Invoices appear here once the billing system sends them."
          />
        )}
      </section>
    </>
  );
}

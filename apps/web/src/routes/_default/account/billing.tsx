import { createFileRoute } from '@tanstack/react-router';
import { getMyBillingQueryOptions } from '@/features/billing/api/get-my-billing';
import { myInvoicesPageQueryOptions } from '@/features/billing/api/get-my-invoices';
import { invoiceFilterOf } from '@/features/billing/invoice-filter';
import { BillingScreen, BillingScreenSkeleton } from '@/features/billing/screens/billing-screen';
import { loadFilteredListPage } from '@/lib/filtered-list-loader';
import { listSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/billing')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, invoiceFilterOf),
  loaderDeps: ({ search }) => search,
  loader: (args) =>
    Promise.all([
      args.context.queryClient.ensureQueryData(getMyBillingQueryOptions(args.context.graphqlClient)),
      loadFilteredListPage(args, '/account/billing', myInvoicesPageQueryOptions),
    ]),
  head: () => ({ meta: [{ title: pageTitle('Billing') }] }),
  pendingComponent: BillingScreenSkeleton,
  component: BillingRoute,
});

function BillingRoute() {
  const navigate = Route.useNavigate();
  return (
    <BillingScreen
      search={Route.useSearch()}
      onSearchChange={(search, options) => void navigate({ search, ...options })}
    />
  );
}

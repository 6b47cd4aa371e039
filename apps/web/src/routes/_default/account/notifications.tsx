import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import {
  myNotificationsInfiniteQueryOptions,
  type NotificationFilter,
} from '@/features/notifications/api/get-my-notifications';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { pageTitle } from '@/lib/page-title';

type NotificationsSearch = { show?: 'unread' };

export const Route = createFileRoute('/_default/account/notifications')({
  // `?show=unread` narrows the list; without it (or with anything else) every notification shows.
  validateSearch: (search: Record<string, unknown>): NotificationsSearch => (search.show === 'unread' ? { show: 'unread' } : {}),
  loaderDeps: ({ search }): { show: NotificationFilter } => ({ show: search.show ?? 'all' }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(myNotificationsInfiniteQueryOptions(context.graphqlClient, deps.show)),
  head: () => ({ meta: [{ title: pageTitle('Notifications') }] }),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { show } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Notifications" description="Everything that happened in your teams, newest first." />
      <NotificationList
        filter={show ?? 'all'}
        onFilterChange={(filter) => void navigate({ search: { show: filter === 'unread' ? filter : undefined } })}
      />
    </>
  );
}

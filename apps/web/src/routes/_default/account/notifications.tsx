import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '@/components/ui/page-header';
import {
  myNotificationsInfiniteQueryOptions,
  type NotificationFilter,
} from '@/features/notifications/api/get-my-notifications';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { pageTitle } from '@/lib/page-title';

// `?show=unread` narrows the list; without it every notification shows.
const notificationsSearchSchema = z.object({ show: z.enum(['unread']).optional().catch(undefined) });

export const Route = createFileRoute('/_default/account/notifications')({
  validateSearch: notificationsSearchSchema,
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

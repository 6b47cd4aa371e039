import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import {
  inviteNotificationQueryOptions,
  myNotificationsInfiniteQueryOptions,
  type NotificationFilter,
} from '@/features/notifications/api/get-my-notifications';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { parseInviteId } from '@/features/notifications/notification-links';
import { myInviteQueryOptions } from '@/features/teams/api/get-my-invite';
import { InviteDetails } from '@/features/teams/components/invite-details';
import { pageTitle } from '@/lib/page-title';

type NotificationsSearch = { show?: 'unread'; invite?: string };

export const Route = createFileRoute('/_default/account/notifications')({
  // `?show=unread` narrows the list; without it (or with anything else) every notification shows.
  // `?invite={id}` (the invite email's link) shows that invite first; anything but an id is dropped.
  validateSearch: (search: Record<string, unknown>): NotificationsSearch => ({
    ...(search.show === 'unread' ? { show: 'unread' } : {}),
    ...(parseInviteId(search.invite) ? { invite: parseInviteId(search.invite) } : {}),
  }),
  loaderDeps: ({ search }): { show: NotificationFilter; invite?: string } => ({
    show: search.show ?? 'all',
    invite: search.invite,
  }),
  loader: ({ context: { queryClient, graphqlClient }, deps }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(myNotificationsInfiniteQueryOptions(graphqlClient, deps.show)),
      deps.invite && queryClient.ensureQueryData(inviteNotificationQueryOptions(graphqlClient, deps.invite)),
      // Not addressed to this account: the page says so (NotificationList), so a refusal does not fail the load.
      deps.invite && queryClient.prefetchQuery(myInviteQueryOptions(graphqlClient, deps.invite)),
    ]),
  head: () => ({ meta: [{ title: pageTitle('Notifications') }] }),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { show, invite } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Notifications" description="Everything that happened in your teams, newest first." />
      <NotificationList
        filter={show ?? 'all'}
        openedInviteId={invite}
        openedInviteDetails={invite && <InviteDetails inviteId={invite} />}
        onFilterChange={(filter) => void navigate({ search: { show: filter === 'unread' ? filter : undefined } })}
      />
    </>
  );
}

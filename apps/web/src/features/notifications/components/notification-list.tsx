import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { ArrowRightIcon, BellIcon, CheckCheckIcon, CheckIcon, MailIcon, XIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { ActionButton } from '@/components/action-button';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { GraphQLRequestError, parseError } from '@/lib/graphql-client';
import { useAcceptInvite } from '../api/accept-invite';
import { useDeclineInvite } from '../api/decline-invite';
import {
  getMyNotificationsQueryOptions,
  inviteNotificationQueryOptions,
  myNotificationsInfiniteQueryOptions,
  type NotificationFilter,
  unreadFlyoutVariables,
} from '../api/get-my-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationActionOf } from '../notification-kinds';
import { NotificationIcon, NotificationText, NotificationTime } from './notification-summary';

interface ListedNotification {
  id: string;
  type: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  externalId?: string | null;
  actorName?: string | null;
}

const filters: Array<{ value: NotificationFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

function showFailure(error: unknown) {
  const parsed = parseError(error);
  toast({ title: parsed.title, description: parsed.message, color: 'error' });
}

/** The server's answer when an invite can no longer be answered: already answered, expired or withdrawn. */
function isInviteGone(error: unknown): boolean {
  return error instanceof GraphQLRequestError && (error.code === 'INVALID_REQUEST' || error.code === 'NOT_FOUND');
}

function markedReadTitle(count: number): string {
  return count === 1 ? '1 notification marked read' : `${count} notifications marked read`;
}

function waitingInvitesText(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1
    ? 'An invite stays unread until you accept or decline it.'
    : `${count} invites stay unread until you accept or decline them.`;
}

export interface NotificationListProps {
  filter: NotificationFilter;
  onFilterChange: (filter: NotificationFilter) => void;
  /** The team invite the visitor came to answer (the invite email's link): shown first, highlighted. */
  openedInviteId?: string;
  /** What the page knows of that invite (who sent it, the team, the role, the expiry), shown with it. */
  openedInviteDetails?: ReactNode;
}

/** Every notification, newest first: filter, mark read, and answer team invites in place. */
export function NotificationList({
  filter,
  onFilterChange,
  openedInviteId,
  openedInviteDetails,
}: NotificationListProps) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useInfiniteQuery({
    ...myNotificationsInfiniteQueryOptions(graphqlClient, filter),
    placeholderData: (previous) => previous,
  });
  const queryClient = useQueryClient();
  const markAllRead = useMarkAllNotificationsRead();
  // What stays unread after Mark all read are the invites waiting for an answer (the server keeps them unread).
  const markAllReadAndReport = async () => {
    const count = await markAllRead.mutateAsync();
    const waiting = await countWaitingInvites().catch(() => 0);
    toast({ title: markedReadTitle(count), description: waitingInvitesText(waiting), color: 'success' });
  };
  const countWaitingInvites = async () =>
    (await queryClient.fetchQuery(getMyNotificationsQueryOptions(graphqlClient, unreadFlyoutVariables))).myNotifications
      .totalCount;
  const isOpenedInvite = (notification: ListedNotification) =>
    openedInviteId !== undefined && notification.type === 'TeamInvite' && notification.externalId === openedInviteId;
  // The opened invite shows once, above the list.
  const notifications =
    query.data?.pages
      .flatMap((page) => page.edges?.map((edge) => edge.node) ?? [])
      .filter((node) => !isOpenedInvite(node)) ?? [];

  return (
    <div className="grid gap-4">
      {openedInviteId && <OpenedInvite inviteId={openedInviteId} details={openedInviteDetails} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Show" className="inline-flex rounded-lg border bg-surface p-0.5">
          {filters.map((option) => (
            <Button
              key={option.value}
              size="sm"
              color="neutral"
              variant={filter === option.value ? 'soft' : 'ghost'}
              aria-pressed={filter === option.value}
              onClick={() => onFilterChange(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </div>
        <ActionButton color="neutral" variant="outline" size="sm" action={markAllReadAndReport}>
          <CheckCheckIcon aria-hidden />
          Mark all read
        </ActionButton>
      </div>
      {query.isPending ? (
        <NotificationListSkeleton />
      ) : query.isError ? (
        <EmptyState
          icon={BellIcon}
          title="Your notifications could not be loaded"
          text={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : notifications.length === 0 ? (
        <EmptyState
          icon={BellIcon}
          // With an invite opened above, the list is empty of the others only.
          title={
            openedInviteId
              ? 'No other notifications'
              : filter === 'unread'
                ? 'You are all caught up'
                : 'No notifications yet'
          }
          text="Invites, role changes and decisions on your requests appear here."
        />
      ) : (
        <ul className="divide-y rounded-xl border bg-surface shadow-xs">
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      <LoadMoreButton query={query} />
    </div>
  );
}

/** The invite an email link or the bell opened, highlighted; or why it cannot be shown. */
function OpenedInvite({ inviteId, details }: { inviteId: string; details?: ReactNode }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const headingId = useId();
  const query = useQuery(inviteNotificationQueryOptions(graphqlClient, inviteId));
  const notification = query.data?.myNotifications.edges?.[0]?.node;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-sm font-semibold">
        Your invite
      </h2>
      {notification && details}
      {query.isPending ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : notification ? (
        <ul className="rounded-xl border border-primary bg-surface shadow-xs ring-2 ring-primary/20">
          <NotificationRow notification={notification} />
        </ul>
      ) : (
        <Callout color="warning" icon={MailIcon}>
          <p className="font-medium">This invite is not here</p>
          <p className="text-muted-foreground">
            {query.isError
              ? parseError(query.error).message
              : 'It may have been sent to another email address than the one you are signed in with, or the team withdrew it. Your other notifications are below.'}
          </p>
        </Callout>
      )}
    </section>
  );
}

function NotificationRow({ notification }: { notification: ListedNotification }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const acceptInvite = useAcceptInvite();
  const declineInvite = useDeclineInvite();
  // The server keeps an invite's notification unread exactly while the invite can be answered.
  const inviteId = notification.type === 'TeamInvite' && !notification.isRead ? notification.externalId : null;
  const isAnswering = acceptInvite.isPending || declineInvite.isPending;
  // An invite is answered here, in place; anything else with a page of its own links to it.
  const action = notification.type === 'TeamInvite' ? undefined : notificationActionOf(notification);

  // An invite that expired, was withdrawn or was answered elsewhere has nothing left to answer: after
  // saying why, its notification is marked read, so Accept and Decline go away.
  const answerFailed = (error: unknown) => {
    showFailure(error);
    if (isInviteGone(error)) markRead.mutate(notification.id);
  };

  // Awaited rather than `mutate` callbacks: once answered, the invite leaves the Unread list (this row
  // unmounts), and the toast and the way to the team must still come.
  const accept = async (id: string) => {
    let friendlyId: string;
    try {
      friendlyId = await acceptInvite.mutateAsync(id);
    } catch (error) {
      answerFailed(error);
      return;
    }
    toast({ title: 'Welcome to the team', color: 'success', icon: CheckIcon });
    await navigate({ to: '/teams/$slug/home', params: { slug: friendlyId } });
  };

  const decline = async (id: string) => {
    try {
      await declineInvite.mutateAsync(id);
    } catch (error) {
      answerFailed(error);
      return;
    }
    toast({ title: 'Invite declined', color: 'success' });
  };

  return (
    <li
      className={cn(
        'flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center',
        !notification.isRead && 'bg-primary/5',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="relative shrink-0">
          <NotificationIcon type={notification.type} />
          {!notification.isRead && (
            <span
              aria-hidden
              className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-error ring-2 ring-surface"
            />
          )}
        </span>
        <div className="grid min-w-0 gap-1">
          <p className={cn('text-sm text-muted-foreground', !notification.isRead && 'text-foreground')}>
            {!notification.isRead && <span className="sr-only">Unread: </span>}
            <NotificationText
              type={notification.type}
              actorName={notification.actorName}
              message={notification.message}
            />
          </p>
          <NotificationTime createdAt={notification.createdAt} className="justify-self-start" />
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-11 sm:pl-0">
        {inviteId ? (
          <>
            <Button
              size="sm"
              loading={acceptInvite.isPending}
              disabled={isAnswering}
              onClick={() => void accept(inviteId)}
            >
              <CheckIcon aria-hidden />
              Accept
            </Button>
            <Button
              size="sm"
              color="neutral"
              variant="outline"
              loading={declineInvite.isPending}
              disabled={isAnswering}
              onClick={() => void decline(inviteId)}
            >
              <XIcon aria-hidden />
              Decline
            </Button>
          </>
        ) : action ? (
          <Button asChild size="sm" color="neutral" variant="outline">
            <AppLink
              href={action.href}
              onClick={() => {
                if (action.marksRead && !notification.isRead) markRead.mutate(notification.id);
              }}
            >
              {action.label}
              <ArrowRightIcon aria-hidden />
            </AppLink>
          </Button>
        ) : (
          !notification.isRead && (
            <Button
              size="sm"
              color="neutral"
              variant="ghost"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(notification.id, { onError: showFailure })}
            >
              Mark read
            </Button>
          )
        )}
      </div>
    </li>
  );
}

export function NotificationListSkeleton() {
  return (
    <ul aria-hidden className="divide-y rounded-xl border bg-surface shadow-xs">
      {Array.from({ length: 5 }, (_, index) => (
        <li key={index} className="grid gap-2 px-4 py-3 pl-15">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-32" />
        </li>
      ))}
    </ul>
  );
}

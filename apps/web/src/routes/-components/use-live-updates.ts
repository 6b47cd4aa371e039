import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast-store';
import type { ToneColour } from '@/components/ui/tone';
import { appRequestQueryKey } from '@/features/applications/api/get-app-request';
import { appRequestsQueryKey } from '@/features/applications/api/get-app-requests';
import { myNotificationsQueryKey } from '@/features/notifications/api/get-my-notifications';
import { useTranslation } from '@/lib/i18n';
import { liveEventsFor } from '@/lib/live-events';
import { myHomepageQueryKey } from '@/lib/query-keys';

/** The notifications that want the person's attention at once, as a toast. */
const toastOf = {
  TeamInvite: { title: 'components.live.team_invite', color: 'info' },
  AppRequestApproved: { title: 'components.live.request_approved', color: 'success' },
  AppRequestRejected: { title: 'components.live.request_rejected', color: 'warning' },
} as const satisfies Record<string, { title: string; color: ToneColour }>;

/**
 * Keeps the signed-in pages current from the tab's live stream: the bell, the notifications page, the dashboard
 * and the access requests are fetched again when the server says they changed, and on every reconnection (what
 * happened meanwhile). An invite or a decision on the person's request also shows a toast.
 */
export function useLiveUpdates() {
  const { session } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    const refetch = (...keys: (readonly string[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    let connectedBefore = false;
    return liveEventsFor(session).subscribe((event) => {
      switch (event.name) {
        case 'ready':
          // The first connection comes with the page's own fetches; a later one may have missed events.
          if (connectedBefore) {
            refetch(myNotificationsQueryKey, myHomepageQueryKey, appRequestQueryKey, appRequestsQueryKey);
          }
          connectedBefore = true;
          break;
        case 'resync':
          refetch(myNotificationsQueryKey, myHomepageQueryKey, appRequestQueryKey, appRequestsQueryKey);
          break;
        case 'notification': {
          refetch(myNotificationsQueryKey, myHomepageQueryKey);
          const shown = toastOf[event.data.type as keyof typeof toastOf] as
            (typeof toastOf)[keyof typeof toastOf] | undefined;
          if (shown) toast({ title: t(shown.title), description: event.data.message, color: shown.color });
          break;
        }
        case 'notifications-read':
          refetch(myNotificationsQueryKey, myHomepageQueryKey);
          break;
        case 'access-request':
          refetch(appRequestQueryKey, appRequestsQueryKey);
          break;
        case 'pending-requests':
          refetch(appRequestsQueryKey);
          break;
      }
    });
  }, [session, queryClient, t]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast-store';
import type { ToneColour } from '@/components/ui/tone';
import { appRequestQueryKey } from '@/features/applications/api/get-app-request';
import { appRequestsQueryKey } from '@/features/applications/api/get-app-requests';
import { myNotificationsQueryKey } from '@/features/notifications/api/get-my-notifications';
import { useTranslation } from '@/lib/i18n';
import { type LiveEvent, liveEventsFor } from '@/lib/live-events';
import { myHomepageQueryKey } from '@/lib/query-keys';
import { afterLargestPaint } from './after-largest-paint';

/** The notifications that want the person's attention at once, as a toast. */
const toastOf = {
  TeamInvite: { title: 'components.live.team_invite', color: 'info' },
  AppRequestApproved: { title: 'components.live.request_approved', color: 'success' },
  AppRequestRejected: { title: 'components.live.request_rejected', color: 'warning' },
} as const satisfies Record<string, { title: string; color: ToneColour }>;

/**
 * Keeps the signed-in pages current from the tab's live stream: the bell, the notifications page, the dashboard
 * and the access requests are fetched again when the server says they changed, and on every connection (what
 * happened meanwhile). An invite or a decision on the person's request also shows a toast. The stream opens after
 * the first page has painted (docs/decisions/0140), so its first connection, too, refetches what that page read.
 */
export function useLiveUpdates() {
  const { session } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    const refetch = (...keys: (readonly string[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    let unsubscribe: (() => void) | undefined;
    const cancelStart = afterLargestPaint(() => {
      unsubscribe = liveEventsFor(session).subscribe(onEvent);
    });
    return () => {
      cancelStart();
      unsubscribe?.();
    };

    function onEvent(event: LiveEvent) {
      switch (event.name) {
        case 'ready':
        case 'resync':
          refetch(myNotificationsQueryKey, myHomepageQueryKey, appRequestQueryKey, appRequestsQueryKey);
          break;
        case 'notification': {
          refetch(myNotificationsQueryKey, myHomepageQueryKey);
          const shown = toastOf[event.data.type as keyof typeof toastOf] as
            | (typeof toastOf)[keyof typeof toastOf]
            | undefined;
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
    }
  }, [session, queryClient, t]);
}

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

/** The notifications that want the person's attention at once, as a toast. */
const toastOf = {
  TeamInvite: { title: 'components.live.team_invite', color: 'info' },
  AppRequestApproved: { title: 'components.live.request_approved', color: 'success' },
  AppRequestRejected: { title: 'components.live.request_rejected', color: 'warning' },
} as const satisfies Record<string, { title: string; color: ToneColour }>;

/**
 * Runs `start` once the browser is idle after the page's largest paint so far, so that what it sends stays off the
 * first page's critical path (docs/decisions/0140). Where no such paint is reported (Safari, a hidden tab) it runs
 * when idle after the next frame, and at the latest after `latestMs`. Returns the cancel.
 */
function afterLargestPaint(start: () => void, latestMs = 3_000): () => void {
  const cancels: (() => void)[] = [];
  let isDone = false;
  const cancel = () => {
    isDone = true;
    for (const cancelOne of cancels) cancelOne();
  };
  const run = () => {
    if (isDone) return;
    cancel();
    start();
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(run, { timeout: 1_000 });
      cancels.push(() => cancelIdleCallback(idle));
    } else {
      const task = setTimeout(run, 0);
      cancels.push(() => clearTimeout(task));
    }
  };
  const latest = setTimeout(run, latestMs);
  cancels.push(() => clearTimeout(latest));
  // The entry comes once the paint is on screen, which is later than the frame callback before it.
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
  ) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      whenIdle();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    cancels.push(() => observer.disconnect());
  } else {
    const frame = requestAnimationFrame(whenIdle);
    cancels.push(() => cancelAnimationFrame(frame));
  }
  return cancel;
}

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
    }
  }, [session, queryClient, t]);
}

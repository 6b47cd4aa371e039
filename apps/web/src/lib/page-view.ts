import type { SessionUser } from './session';
import { pushToDataLayer, type DataLayerEvent } from './tag-manager';

/** docs/spec.md §9: the page-view event waits for the new page's title and content. */
export const pageViewDelayMs = 250;

export type PageView = {
  routeName: string;
  pageUrl: string;
  /** A route's own payload (`staticData.gtm`), merged over the standard fields. */
  routePayload?: Record<string, unknown>;
};

type PageViewTrackerOptions = {
  environment: string;
  getUser: () => SessionUser | null;
  getTitle?: () => string;
  push?: (event: DataLayerEvent) => void;
};

export function buildPageViewEvent(
  view: PageView,
  context: { environment: string; pageTitle: string; user: SessionUser | null },
): DataLayerEvent {
  return {
    event: 'app.pageview',
    environment: context.environment,
    routeName: view.routeName,
    pageType: 'PageView',
    pageUrl: view.pageUrl,
    pageTitle: context.pageTitle,
    user: context.user ? structuredClone(context.user) : null,
    ...view.routePayload,
  };
}

/** Every route change pushes its page-view event 250 ms later (docs/spec.md §2, §9). */
export function createPageViewTracker({
  environment,
  getUser,
  getTitle = () => document.title,
  push = pushToDataLayer,
}: PageViewTrackerOptions) {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  return {
    track: (view: PageView): void => {
      const timer = setTimeout(() => {
        pending.delete(timer);
        push(buildPageViewEvent(view, { environment, pageTitle: getTitle(), user: getUser() }));
      }, pageViewDelayMs);
      pending.add(timer);
    },
    stop(): void {
      pending.forEach(clearTimeout);
      pending.clear();
    },
  };
}

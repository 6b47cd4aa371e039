import { Link } from '@tanstack/react-router';
import {
  AppWindowIcon,
  GaugeIcon,
  InboxIcon,
  KeyRoundIcon,
  ScrollTextIcon,
  UsersIcon,
  UsersRoundIcon,
  WebhookIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { usePendingRequestCount } from '../api/get-system-overview';

const sections = [
  { label: 'Overview', to: '/system', icon: GaugeIcon },
  { label: 'Users', to: '/system/users', icon: UsersIcon },
  { label: 'Teams', to: '/system/teams', icon: UsersRoundIcon },
  { label: 'Applications', to: '/system/apps', icon: AppWindowIcon },
  { label: 'App requests', to: '/system/app-requests', icon: InboxIcon },
  { label: 'Services', to: '/system/services', icon: KeyRoundIcon },
  { label: 'Event logs', to: '/system/event-logs', icon: ScrollTextIcon },
  { label: 'Webhook logs', to: '/system/webhook-logs', icon: WebhookIcon },
] as const;

/**
 * The administration area's sections; the current one (or its detail pages) is marked aria-current. App requests
 * carries the number waiting for a decision once it is known.
 */
export function SystemNavigation() {
  const pendingRequestCount = usePendingRequestCount();
  return (
    <nav aria-label="System administration" className="-mx-4 mb-6 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1">
        {sections.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              // The overview is active on /system alone, not on every section below it.
              activeOptions={{ includeSearch: false, exact: to === '/system' }}
              className="-mb-px inline-flex h-10 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:border-primary aria-[current=page]:text-foreground"
            >
              <Icon aria-hidden className="size-4" />
              {label}
              {to === '/system/app-requests' && pendingRequestCount !== undefined && pendingRequestCount > 0 && (
                <Badge color="warning" size="sm" className="tabular-nums">
                  {pendingRequestCount}
                  <span className="sr-only"> pending</span>
                </Badge>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

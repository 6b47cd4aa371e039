import { ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { isWebAddress } from '@dxp/contracts/web-address';
import type { InteractionType } from '@/lib/api/log-interaction';
import { LaunchLink } from './launch-link';
import { TileAvatar } from './tile-avatar';

export interface LaunchableItem {
  id: string;
  name: string;
  url: string;
  logoUrl?: string | null;
  /** An application's icon, shown when it has no logo. */
  icon?: string | null;
}

export interface LaunchTileProps {
  type: InteractionType;
  /** The application or bookmark the tile launches. */
  item: LaunchableItem;
  /** A short badge, e.g. the team a bookmark belongs to. */
  label?: string;
}

const tileClassName = 'flex h-16 items-center gap-3 rounded-xl border bg-surface px-3 text-sm shadow-xs';

/**
 * A tile that launches an application or a bookmark in a new tab (recorded with LogInteraction).
 * Anything but an http(s) address is shown, never linked.
 */
export function LaunchTile({ type, item: { id, name, url, logoUrl, icon }, label }: LaunchTileProps) {
  const isLaunchable = isWebAddress(url);
  const body = (
    <>
      <TileAvatar name={name} logoUrl={logoUrl} icon={icon} size="xl" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium">{name}</span>
        {/* The label shares the address's line, so a phone's narrow tile keeps the whole width for the name. */}
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <span className="truncate">{isLaunchable ? new URL(url).host : url}</span>
          {label && (
            <Badge color="neutral" variant="soft" size="sm" title={label} className="max-w-[60%]">
              <span className="truncate">{label}</span>
            </Badge>
          )}
        </span>
      </span>
    </>
  );
  if (!isLaunchable) {
    return <div className={tileClassName}>{body}</div>;
  }
  return (
    <LaunchLink
      launches={{ id, type, url }}
      className={cn(tileClassName, 'group transition-colors hover:border-primary/50 hover:bg-muted')}
    >
      {body}
      <ExternalLinkIcon aria-hidden className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground" />
    </LaunchLink>
  );
}

/** The grid every set of tiles uses (launch tiles, the catalogue), one column on phones. */
export function LaunchTileGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

import { ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { isWebAddress } from '@/lib/web-address';

export interface LaunchableBookmark {
  id: string;
  url: string;
  name: string;
  logoUrl?: string | null;
}

function hostOf(url: string): string {
  return new URL(url).host;
}

/** A launch tile: opens the bookmark in a new tab. Anything but an http(s) URL is shown, never linked. */
export function BookmarkTile({ bookmark, teamLabel }: { bookmark: LaunchableBookmark; teamLabel?: string }) {
  const logoUrl = isWebAddress(bookmark.logoUrl) ? bookmark.logoUrl : null;
  const body = (
    <>
      <Avatar name={bookmark.name} src={logoUrl} size="xl" className="rounded-lg" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium">{bookmark.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {isWebAddress(bookmark.url) ? hostOf(bookmark.url) : bookmark.url}
        </span>
      </span>
      {teamLabel && (
        <Badge color="neutral" variant="soft" size="sm" className="max-w-28 truncate">
          {teamLabel}
        </Badge>
      )}
    </>
  );
  const tileClassName = 'flex h-16 items-center gap-3 rounded-xl border bg-surface px-3 text-sm shadow-xs';
  if (!isWebAddress(bookmark.url)) {
    return <div className={tileClassName}>{body}</div>;
  }
  return (
    <a
      href={bookmark.url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(tileClassName, 'group transition-colors hover:border-primary/50 hover:bg-muted')}
    >
      {body}
      <ExternalLinkIcon aria-hidden className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function BookmarkTileGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

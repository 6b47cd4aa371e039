import { LaunchTile } from './launch-tile';

export interface LaunchableBookmark {
  id: string;
  url: string;
  name: string;
  logoUrl?: string | null;
}

/** A bookmark's launch tile: opens it in a new tab and records the launch (LogInteraction, BOOKMARK). */
export function BookmarkTile({ bookmark, teamLabel }: { bookmark: LaunchableBookmark; teamLabel?: string }) {
  return (
    <LaunchTile
      id={bookmark.id}
      type="BOOKMARK"
      name={bookmark.name}
      url={bookmark.url}
      logoUrl={bookmark.logoUrl}
      label={teamLabel}
    />
  );
}

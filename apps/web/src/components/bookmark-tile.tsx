import { LaunchTile, type LaunchableItem } from './launch-tile';

export type LaunchableBookmark = Omit<LaunchableItem, 'icon'>;

/** A bookmark's launch tile: opens it in a new tab and records the launch (LogInteraction, BOOKMARK). */
export function BookmarkTile({ bookmark, teamLabel }: { bookmark: LaunchableBookmark; teamLabel?: string }) {
  return <LaunchTile type="BOOKMARK" item={bookmark} label={teamLabel} />;
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CursorPageInfo } from '@/components/ui/cursor-pagination';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import type { ListScreenProps, TextSearch } from '@/lib/list-route';
import { FilteredCursorList } from './filtered-cursor-list';

export interface SearchableListProps<Node> extends ListScreenProps<TextSearch> {
  /** The screen's heading, above the search box (the same one stands above the skeleton). */
  header: ReactNode;
  /** What the list holds, plural ("Users"): names the search box and the pager. */
  label: string;
  searchPlaceholder: string;
  /** The current page as the API returns it. */
  connection: { nodes?: Node[] | null; pageInfo: CursorPageInfo };
  /** Shown when there is nothing at all. */
  empty: { icon: LucideIcon; title: string; text: string };
  /** The table of the current page's rows. */
  children: (nodes: Node[]) => ReactNode;
}

/** What a searchable list says: its name, its search box's hint and its empty state. */
export type SearchableListTexts = Pick<SearchableListProps<unknown>, 'label' | 'searchPlaceholder' | 'empty'>;

/**
 * An administration list searched by one text: a debounced search box over a FilteredCursorList. A new search
 * opens the first page in place of the current history entry.
 */
export function SearchableList<Node>({
  header,
  label,
  searchPlaceholder,
  search,
  onSearchChange,
  connection,
  empty,
  children,
}: SearchableListProps<Node>) {
  const text = search.search ?? '';
  const nodes = connection.nodes ?? [];
  return (
    <>
      {header}
      <FilteredCursorList
        label={label}
        filters={
          <SearchField
            label={`Search ${label.toLowerCase()}`}
            placeholder={searchPlaceholder}
            value={text}
            onSearch={(nextText) => onSearchChange({ search: nextText || undefined }, { replace: true })}
            className="mb-4 max-w-sm"
          />
        }
        onPageChange={(page) => onSearchChange({ search: search.search, ...page })}
        isFiltered={text !== ''}
        noMatch={{ title: `No ${label.toLowerCase()} found`, text: `Nothing matches “${text}”.` }}
        pageInfo={connection.pageInfo}
        isEmpty={nodes.length === 0}
        empty={empty}
      >
        {children(nodes)}
      </FilteredCursorList>
    </>
  );
}

/** The list while its first page loads: its heading, the search box and the table at their final size. */
export function SearchableListSkeleton({ header }: { header: ReactNode }) {
  return (
    <>
      {header}
      <Skeleton className="mb-4 h-[3.75rem] max-w-sm" />
      <TableSkeleton />
    </>
  );
}

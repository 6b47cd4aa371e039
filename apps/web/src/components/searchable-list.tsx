import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CursorPageInfo } from '@/components/ui/cursor-pagination';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { FilteredCursorList } from './filtered-cursor-list';

export interface SearchableListProps {
  /** What the list holds, plural ("Users"): names the search box and the pager. */
  label: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (search: string) => void;
  pageInfo: CursorPageInfo;
  onPageChange: (page: { after?: string; before?: string }) => void;
  isEmpty: boolean;
  /** Shown when there is nothing at all. */
  empty: { icon: LucideIcon; title: string; text: string };
  /** The table of the current page. */
  children: ReactNode;
}

/** An administration list searched by one text: a debounced search box over a FilteredCursorList. */
export function SearchableList({ label, searchPlaceholder, search, onSearch, ...list }: SearchableListProps) {
  return (
    <FilteredCursorList
      label={label}
      filters={
        <SearchField
          label={`Search ${label.toLowerCase()}`}
          placeholder={searchPlaceholder}
          value={search}
          onSearch={onSearch}
          className="mb-4 max-w-sm"
        />
      }
      isFiltered={search !== ''}
      noMatch={{ title: `No ${label.toLowerCase()} found`, text: `Nothing matches “${search}”.` }}
      {...list}
    />
  );
}

/** The list while its first page loads: the search box and the table at their final size. */
export function SearchableListSkeleton() {
  return (
    <>
      <Skeleton className="mb-4 h-[3.75rem] max-w-sm" />
      <TableSkeleton />
    </>
  );
}

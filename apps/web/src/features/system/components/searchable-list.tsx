import type { LucideIcon } from 'lucide-react';
import { SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CursorPagination, type CursorPageInfo } from '@/components/ui/cursor-pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';

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

/** An administration list: a debounced search box, the page's table, Previous/Next, and its empty states. */
export function SearchableList({
  label,
  searchPlaceholder,
  search,
  onSearch,
  pageInfo,
  onPageChange,
  isEmpty,
  empty,
  children,
}: SearchableListProps) {
  return (
    <>
      <SearchField
        label={`Search ${label.toLowerCase()}`}
        placeholder={searchPlaceholder}
        value={search}
        onSearch={onSearch}
        className="mb-4 max-w-sm"
      />
      {!isEmpty ? (
        <>
          {children}
          <CursorPagination label={label} pageInfo={pageInfo} onPageChange={onPageChange} className="mt-4" />
        </>
      ) : search ? (
        <EmptyState
          icon={SearchXIcon}
          title={`No ${label.toLowerCase()} found`}
          text={`Nothing matches “${search}”.`}
        />
      ) : (
        <EmptyState icon={empty.icon} title={empty.title} text={empty.text} />
      )}
    </>
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

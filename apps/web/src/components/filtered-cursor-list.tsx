import { SearchXIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CursorPagination, type CursorPageInfo } from '@/components/ui/cursor-pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';

export interface FilteredCursorListProps {
  /** What the list holds, plural ("Event logs"): names the pager for screen readers. */
  label: string;
  /** The list's filter form or search box, above the table. */
  filters: ReactNode;
  pageInfo: CursorPageInfo;
  onPageChange: (page: { after?: string; before?: string }) => void;
  isEmpty: boolean;
  /** Whether a filter narrows the list: an empty page then means "nothing matches", not "nothing yet". */
  isFiltered: boolean;
  /** Shown when there is nothing at all. */
  empty: { icon: LucideIcon; title: string; text: string };
  /** Shown when the filter matches nothing. */
  noMatch: { title: string; text: string };
  /** The table of the current page. */
  children: ReactNode;
  /** While the rows of a new filter load: the current ones stay, marked busy. */
  isUpdating?: boolean;
}

/**
 * An administration list paged by cursor (keyset): its filters, the page's table with Previous/Next,
 * or the empty state that says whether the filter or the installation is empty.
 */
export function FilteredCursorList({
  label,
  filters,
  pageInfo,
  onPageChange,
  isEmpty,
  isFiltered,
  empty,
  noMatch,
  children,
  isUpdating = false,
}: FilteredCursorListProps) {
  return (
    <>
      {filters}
      {/* Not dimmed while updating: dimmed text fails axe's contrast check (docs/design.md); the filter shows a spinner. */}
      <div aria-busy={isUpdating || undefined} className={cn(isUpdating && 'cursor-progress')}>
        {!isEmpty ? (
          <>
            {children}
            <CursorPagination label={label} pageInfo={pageInfo} onPageChange={onPageChange} className="mt-4" />
          </>
        ) : isFiltered ? (
          <EmptyState icon={SearchXIcon} title={noMatch.title} text={noMatch.text} />
        ) : (
          <EmptyState icon={empty.icon} title={empty.title} text={empty.text} />
        )}
      </div>
    </>
  );
}

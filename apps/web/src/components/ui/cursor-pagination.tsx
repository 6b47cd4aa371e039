import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { Button } from './button';

export interface CursorPageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor?: string | null;
  endCursor?: string | null;
}

export interface CursorPaginationProps {
  pageInfo: CursorPageInfo;
  /** Called with `{ before: startCursor }` or `{ after: endCursor }` (keyset paging, docs/api.md). */
  onPageChange: (page: { after?: string; before?: string }) => void;
  /** What the list holds, for screen readers ("Users"). */
  label: string;
  className?: string;
}

/** Previous and Next for a Relay connection; hidden when everything fits on one page. */
export function CursorPagination({ pageInfo, onPageChange, label, className }: CursorPaginationProps) {
  const { t } = useTranslation();
  const { hasNextPage, hasPreviousPage, startCursor, endCursor } = pageInfo;
  if (!hasNextPage && !hasPreviousPage) {
    return null;
  }
  return (
    <nav
      aria-label={t('components.pagination.label', { list: label })}
      className={cn('flex justify-end gap-2', className)}
    >
      <Button
        color="neutral"
        variant="outline"
        size="sm"
        disabled={!hasPreviousPage || !startCursor}
        onClick={() => startCursor && onPageChange({ before: startCursor })}
      >
        <ChevronLeftIcon aria-hidden />
        {t('components.pagination.previous')}
      </Button>
      <Button
        color="neutral"
        variant="outline"
        size="sm"
        disabled={!hasNextPage || !endCursor}
        onClick={() => endCursor && onPageChange({ after: endCursor })}
      >
        {t('components.pagination.next')}
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}

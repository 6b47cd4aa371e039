import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { parseError } from '@/lib/graphql-client';
import { useTranslation } from '@/lib/i18n';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { Skeleton } from './ui/skeleton';

export interface QueryContentProps<TData> {
  query: UseQueryResult<TData>;
  /** How many row-high placeholders stand in while the query loads. */
  placeholderRows?: number;
  /** The failure's icon and title; its text is the error's message, with a button that asks again. */
  icon: LucideIcon;
  failedTitle: ReactNode;
  /** Draws the data once it is there. */
  children: (data: TData) => ReactNode;
}

/** A section's query: placeholders while it loads, its failure with "Try again", then `children` with its data. */
export function QueryContent<TData>({
  query,
  placeholderRows = 1,
  icon,
  failedTitle,
  children,
}: QueryContentProps<TData>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div aria-busy className="grid gap-3">
        {Array.from({ length: placeholderRows }, (_, index) => (
          <Skeleton key={index} className="h-14" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={icon}
        title={failedTitle}
        text={parseError(query.error).message}
        action={
          <Button color="neutral" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('components.query_content.try_again')}
          </Button>
        }
      />
    );
  }
  return children(query.data);
}

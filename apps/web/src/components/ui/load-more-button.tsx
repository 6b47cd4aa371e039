import { cn } from '@/lib/cn';
import { Button } from './button';

/** The next page of an infinite query (`hasNextPage`, `isFetchingNextPage`, `fetchNextPage`), on demand; nothing when there is none. */
export function LoadMoreButton({
  query,
  size = 'sm',
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  size?: 'sm' | 'md';
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      color="neutral"
      variant="outline"
      size={size}
      className={cn('w-fit', className)}
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      Load more
    </Button>
  );
}

import { cn } from '@/lib/cn';
import { parseError } from '@/lib/graphql-client';
import { Button } from './button';
import { toast } from './toast-store';

type InfiniteQueryPaging = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
};

/**
 * The next page of an infinite query, on demand; nothing when there is none. A page that fails to load says
 * why in a toast and the button offers to try again; the rows already shown stay.
 */
export function LoadMoreButton({
  query,
  size = 'sm',
  className,
}: {
  query: InfiniteQueryPaging;
  size?: 'sm' | 'md';
  className?: string;
}) {
  if (!query.hasNextPage) return null;

  async function loadMore() {
    const result = await query.fetchNextPage();
    if (result.isError) {
      const { message } = parseError(result.error);
      toast({ title: 'More could not be loaded', description: message, color: 'error' });
    }
  }

  return (
    <Button
      color="neutral"
      variant="outline"
      size={size}
      className={cn('w-fit', className)}
      loading={query.isFetchingNextPage}
      onClick={() => void loadMore()}
    >
      {query.isFetchNextPageError ? 'Try again' : 'Load more'}
    </Button>
  );
}

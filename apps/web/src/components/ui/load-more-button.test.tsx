import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '@/lib/graphql-client';
import { LoadMoreButton } from './load-more-button';
import { closeToast, getToasts, toastRemovalDelayMs } from './toast-store';

describe('LoadMoreButton', () => {
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('shows nothing when there is no next page', () => {
    const { container } = render(
      <LoadMoreButton query={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('loads the next page on press', async () => {
    const fetchNextPage = vi.fn().mockResolvedValue({ isError: false, error: null });
    render(<LoadMoreButton query={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(getToasts()).toEqual([]);
  });

  it('says why a page failed and offers to try again', async () => {
    const failure = new GraphQLRequestError({ type: 'query', name: 'GetMyNotifications' }, 503, [
      {
        message: 'The service is briefly unavailable. Try again in a moment.',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      },
    ]);
    const fetchNextPage = vi.fn().mockResolvedValue({ isError: true, error: failure });
    const { rerender } = render(
      <LoadMoreButton query={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(getToasts()).toMatchObject([
      {
        title: 'More could not be loaded',
        description: 'The service is briefly unavailable. Try again in a moment.',
        color: 'error',
      },
    ]);
    rerender(
      <LoadMoreButton
        query={{ hasNextPage: true, isFetchingNextPage: false, isFetchNextPageError: true, fetchNextPage }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

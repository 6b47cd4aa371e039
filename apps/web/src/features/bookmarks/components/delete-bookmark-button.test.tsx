import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { bookmarksQueryKey } from '../api/get-my-bookmarks';
import { DeleteBookmarkButton } from './delete-bookmark-button';

describe('DeleteBookmarkButton', () => {
  it('says the bookmark was deleted although the refetched list has already dropped its row', async () => {
    let stored = [{ id: 'b-1', name: 'Runbook' }];
    function BookmarkList() {
      const { data = [] } = useQuery({ queryKey: [...bookmarksQueryKey, 'mine'], queryFn: () => stored });
      // Another bookmarks list on screen answers its refetch later, after this list has dropped the row.
      useQuery({
        queryKey: [...bookmarksQueryKey, 'team'],
        queryFn: () => new Promise<never[]>((resolve) => setTimeout(() => resolve([]), 100)),
      });
      return (
        <ul>
          {data.map((bookmark) => (
            <li key={bookmark.id}>
              <DeleteBookmarkButton bookmark={bookmark} isCompact />
            </li>
          ))}
        </ul>
      );
    }
    const { graphqlCalls } = await renderWithApi(<BookmarkList />, {
      resolveGraphQL: () => {
        stored = [];
        return { body: { data: { deleteBookmark: true } } };
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Runbook' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete bookmark' }));

    expect(await screen.findByText('Bookmark deleted')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete Runbook' })).toBeNull();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({ operationName: 'DeleteBookmark', variables: { bookmarkId: 'b-1' } }),
    ]);
  });
});

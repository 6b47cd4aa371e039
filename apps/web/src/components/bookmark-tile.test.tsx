import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { BookmarkTile } from './bookmark-tile';

describe('BookmarkTile', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens an http(s) bookmark in a new tab without handing over the opener or referrer', async () => {
    await renderWithApi(<BookmarkTile bookmark={{ id: '1', name: 'Status', url: 'https://status.example.com/' }} />);
    const link = screen.getByRole('link', { name: /Status/ });
    expect(link).toHaveAttribute('href', 'https://status.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('records the launch (LogInteraction) as it opens the bookmark', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { graphqlCalls } = await renderWithApi(
      <BookmarkTile bookmark={{ id: 'b-1', name: 'Status', url: 'https://status.example.com/' }} />,
      { resolveGraphQL: () => ({ body: { data: { logInteraction: true } } }) },
    );
    await userEvent.click(screen.getByRole('link', { name: /Status/ }));

    expect(open).toHaveBeenCalledWith('https://status.example.com/', '_blank', 'noopener,noreferrer');
    await waitFor(() =>
      expect(graphqlCalls()).toEqual([
        expect.objectContaining({ operationName: 'LogInteraction', variables: { entityId: 'b-1', type: 'BOOKMARK' } }),
      ]),
    );
  });

  it('opens the bookmark even when the launch cannot be recorded', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderWithApi(<BookmarkTile bookmark={{ id: 'b-1', name: 'Status', url: 'https://status.example.com/' }} />, {
      resolveGraphQL: () => ({ status: 500, body: { errors: [{ message: 'Unexpected error' }] } }),
    });
    await userEvent.click(screen.getByRole('link', { name: /Status/ }));
    expect(open).toHaveBeenCalledOnce();
  });

  it("names a team bookmark's team in its link, whole on hover when the tile cuts it short", async () => {
    await renderWithApi(
      <BookmarkTile
        bookmark={{ id: '3', name: 'Runbook', url: 'https://wiki.example.com/runbook' }}
        teamLabel="Berlin Payments Squad"
      />,
    );
    expect(screen.getByRole('link', { name: /Runbook.*wiki\.example\.com.*Berlin Payments Squad/ })).toBeVisible();
    expect(screen.getByTitle('Berlin Payments Squad')).toHaveTextContent('Berlin Payments Squad');
  });

  it('never puts any other scheme in an href', async () => {
    await renderWithApi(
      <BookmarkTile
        bookmark={{ id: '2', name: 'Sneaky', url: 'javascript:alert(1)', logoUrl: 'javascript:alert(2)' }}
      />,
    );
    const tile = screen.getByTestId('rendered');
    expect(screen.queryByRole('link')).toBeNull();
    expect(tile.innerHTML).not.toContain('href="javascript');
    expect(tile.innerHTML).not.toContain('src="javascript');
    expect(screen.getByText('Sneaky')).toBeVisible();
  });
});

import '@/lib/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { BookmarkForm } from './bookmark-form';

const saved = { id: 'b-new', url: 'https://github.com', name: 'GitHub', logoUrl: null, teamFriendlyId: null };

function answers({ existing = [] as { id: string; name: string }[] } = {}) {
  return ({ operationName }: { operationName: string }) => {
    switch (operationName) {
      case 'GetSiteInfo':
        return { body: { data: { siteInfo: { title: 'GitHub', faviconUrl: 'https://github.com/favicon.ico' } } } };
      case 'FindMyBookmarksByAddress':
        return { body: { data: { myBookmarks: { nodes: existing } } } };
      case 'FindTeamBookmarksByAddress':
        return { body: { data: { teamBookmarks: { nodes: existing } } } };
      case 'AddOrUpdateBookmark':
        return { body: { data: { addOrUpdateBookmark: saved } } };
      default:
        return { body: { data: {} } };
    }
  };
}

describe('BookmarkForm', () => {
  it('completes a bare host to https and looks up the name and icon on its own', async () => {
    const onSaved = vi.fn();
    const { graphqlCalls } = await renderWithApi(<BookmarkForm cancelHref="/account/bookmarks" onSaved={onSaved} />, {
      resolveGraphQL: answers(),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Web address/), 'github.com');
    await user.tab();

    expect(screen.getByLabelText(/Web address/)).toHaveValue('https://github.com');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('GitHub'));
    expect(screen.getByLabelText(/Icon URL/)).toHaveValue('https://github.com/favicon.ico');
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({ operationName: 'GetSiteInfo', variables: { url: 'https://github.com' } }),
    );
    expect(screen.queryByText(/already have a bookmark/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add bookmark' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({
        operationName: 'AddOrUpdateBookmark',
        variables: { input: expect.objectContaining({ url: 'https://github.com', name: 'GitHub' }) as unknown },
      }),
    );
  });

  it('keeps a name already typed, and warns when the address is already bookmarked', async () => {
    const { graphqlCalls } = await renderWithApi(<BookmarkForm cancelHref="/account/bookmarks" onSaved={vi.fn()} />, {
      resolveGraphQL: answers({ existing: [{ id: 'b-old', name: 'Our code' }] }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Code');
    await user.type(screen.getByLabelText(/Web address/), 'www.github.com/');
    await user.tab();

    expect(await screen.findByText('You already have a bookmark for this address: Our code.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Code');
    const lookup = graphqlCalls().find((call) => call.operationName === 'FindMyBookmarksByAddress');
    expect(lookup?.variables.urls).toEqual(expect.arrayContaining(['https://github.com', 'https://www.github.com/']));
    expect(graphqlCalls().some((call) => call.operationName === 'GetSiteInfo')).toBe(false);
  });

  it("warns on the team's own bookmarks in a team's form, and not about the bookmark being edited", async () => {
    const edited = {
      id: 'b-edit',
      url: 'https://wiki.example.com',
      name: 'Wiki',
      logoUrl: null,
      teamFriendlyId: 'acme',
    };
    const { graphqlCalls } = await renderWithApi(
      <BookmarkForm bookmark={edited} teamFriendlyId="acme" cancelHref="/teams/acme/bookmarks" onSaved={vi.fn()} />,
      {
        resolveGraphQL: answers({
          existing: [
            { id: 'b-edit', name: 'Wiki' },
            { id: 'b-other', name: 'Team wiki' },
          ],
        }),
      },
    );
    expect(await screen.findByText('The team already has a bookmark for this address: Team wiki.')).toBeInTheDocument();
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({
        operationName: 'FindTeamBookmarksByAddress',
        variables: expect.objectContaining({ teamFriendlyId: 'acme' }) as unknown,
      }),
    );
  });
});

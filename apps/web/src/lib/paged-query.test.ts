import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getAllTeamsDocument } from '@/lib/api/get-all-teams';
import type { GraphQLClient } from './graphql-client';
import { cursorPagedList, infiniteCursorQueryOptions, pagedQueryOptions } from './paged-query';

describe('pagedQueryOptions', () => {
  it('keys each page under the list key and requests the document with the same variables', async () => {
    const page = {
      allTeams: {
        nodes: [],
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      },
    };
    const request = vi.fn().mockResolvedValue(page);
    const variables = { search: 'acme', first: 20, after: 'c1' };
    const options = pagedQueryOptions(
      { request } as GraphQLClient,
      getAllTeamsDocument,
      ['admin-teams', 'all'],
      variables,
    );

    expect(options.queryKey).toEqual(['admin-teams', 'all', variables]);
    await expect((options.queryFn as () => Promise<unknown>)()).resolves.toBe(page);
    expect(request).toHaveBeenCalledWith(getAllTeamsDocument, variables);
  });

  it('asks for the page a list URL names under the list key: the filter as variables, the cursor as paging arguments', () => {
    const list = cursorPagedList(getAllTeamsDocument, ['admin-teams', 'all'], 20, ({ text }: { text?: string }) => ({
      search: text,
    }));
    const graphqlClient = {} as GraphQLClient;

    expect(list.pageQueryOptions(graphqlClient, { text: 'acme', before: 'c3' }).queryKey).toEqual([
      'admin-teams',
      'all',
      { search: 'acme', last: 20, before: 'c3' },
    ]);
    expect(list.queryOptions(graphqlClient, { first: 6 }).queryKey).toEqual(['admin-teams', 'all', { first: 6 }]);
  });

  it('reads an infinite list forwards: each next page after the last one’s end cursor, until there is none', async () => {
    const fetchPage = vi.fn((after: string | undefined) =>
      Promise.resolve({ after, pageInfo: { hasNextPage: after === undefined, endCursor: 'c1' } }),
    );
    const options = infiniteCursorQueryOptions(['bookmarks', 'mine'], fetchPage);

    const { pages } = await new QueryClient().fetchInfiniteQuery({ ...options, pages: 3 });
    expect(pages.map((page) => page.after)).toEqual([undefined, 'c1']);
    expect(fetchPage.mock.calls).toEqual([[undefined], ['c1']]);
  });
});

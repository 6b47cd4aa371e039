import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { myBookmarkQueryOptions, teamBookmarkQueryOptions } from './find-bookmark';

const teamBookmark = {
  id: 'b1',
  url: 'https://wiki.example.com',
  name: 'Wiki',
  logoUrl: null,
  teamFriendlyId: 'team-a',
};

async function clientAnswering(answer: object) {
  const rendered = await renderWithApi(<div />, { resolveGraphQL: () => ({ body: answer }) });
  const { graphqlClient } = rendered.router.options.context as {
    graphqlClient: Parameters<typeof myBookmarkQueryOptions>[0];
  };
  return { ...rendered, graphqlClient };
}

describe('finding a bookmark for its edit screen', () => {
  it('asks the API for the one bookmark and keeps it when it belongs where the screen is', async () => {
    const { graphqlClient, queryClient, graphqlCalls } = await clientAnswering({ data: { bookmark: teamBookmark } });
    await expect(queryClient.fetchQuery(teamBookmarkQueryOptions(graphqlClient, 'team-a', 'b1'))).resolves.toEqual(
      teamBookmark,
    );
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({ operationName: 'GetBookmark', variables: { id: 'b1' } }),
    ]);
  });

  it("is the 404 for another team's bookmark, a team bookmark under /account, or one the API does not show", async () => {
    const { graphqlClient, queryClient } = await clientAnswering({ data: { bookmark: teamBookmark } });
    const otherTeam = queryClient.fetchQuery(teamBookmarkQueryOptions(graphqlClient, 'team-b', 'b1'));
    await expect(otherTeam).rejects.toSatisfy(isNotFound);
    await expect(queryClient.fetchQuery(myBookmarkQueryOptions(graphqlClient, 'b1'))).rejects.toSatisfy(isNotFound);

    const hidden = await clientAnswering({
      errors: [{ message: 'Bookmark not found.', extensions: { code: 'NOT_FOUND' } }],
    });
    await expect(hidden.queryClient.fetchQuery(myBookmarkQueryOptions(hidden.graphqlClient, 'b2'))).rejects.toSatisfy(
      isNotFound,
    );
  });
});

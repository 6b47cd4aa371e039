import { describe, expect, it } from 'vitest';
import type { GraphQLClient } from './graphql-client';
import { listPageQueryOptions, listSearchOf, splitListSearch, textSearchOf } from './list-route';

describe('list routes', () => {
  it('read the cursor and the list’s own filter from the URL, and nothing else', () => {
    expect(listSearchOf({ search: ' ada ', after: 'c2', tab: 'x' }, textSearchOf)).toEqual({
      after: 'c2',
      search: 'ada',
    });
    expect(listSearchOf({ before: 'c1', after: 'c2' }, textSearchOf)).toEqual({ before: 'c1', search: undefined });
  });

  it('keep the filter apart from the cursor, so that a new page keeps the filter and a new filter drops the page', () => {
    expect(splitListSearch({ search: 'ada', after: 'c2' })).toEqual({
      page: { after: 'c2', before: undefined },
      filter: { search: 'ada' },
    });
  });

  it('ask for the page the URL names: the filter as variables, the cursor as paging arguments', () => {
    const pageOptions = listPageQueryOptions(
      (
        _graphqlClient: GraphQLClient,
        variables: { where: { team?: string }; first?: number; after?: string; last?: number; before?: string },
      ) => variables,
      25,
      ({ team }: { team?: string }) => ({ where: { team } }),
    );
    const graphqlClient = {} as GraphQLClient;
    expect(pageOptions(graphqlClient, { team: 'ops' })).toEqual({ where: { team: 'ops' }, first: 25 });
    expect(pageOptions(graphqlClient, { team: 'ops', before: 'c1' })).toEqual({
      where: { team: 'ops' },
      last: 25,
      before: 'c1',
    });
  });
});

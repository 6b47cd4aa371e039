import { describe, expect, it } from 'vitest';
import { cursorPageSearchOf, cursorPageVariables, loadPageOrFirstPage, searchText } from './cursor-paging';
import { GraphQLRequestError } from './graphql-client';

const refusal = (code: string) =>
  new GraphQLRequestError({ type: 'query', name: 'GetEventLogs' }, 200, [{ message: 'Refused', extensions: { code } }]);
const toFirstPage = () => new Error('redirect to the first page');

describe('cursor paging', () => {
  it('pages forwards after a cursor and backwards before one', () => {
    expect(cursorPageVariables({}, 20)).toEqual({ first: 20 });
    expect(cursorPageVariables({ after: 'c2' }, 20)).toEqual({ first: 20, after: 'c2' });
    expect(cursorPageVariables({ before: 'c1' }, 20)).toEqual({ last: 20, before: 'c1' });
  });

  it('keeps one direction from the URL, preferring before', () => {
    expect(cursorPageSearchOf({ after: 'a', before: 'b' })).toEqual({ before: 'b' });
    expect(cursorPageSearchOf({ after: 'a' })).toEqual({ after: 'a' });
    expect(cursorPageSearchOf({ after: '', before: ['b'] })).toEqual({});
  });

  it('trims text parameters and drops empty ones', () => {
    expect(searchText('  ada ')).toBe('ada');
    expect(searchText('   ')).toBeUndefined();
    expect(searchText(2026)).toBe('2026');
    expect(searchText({})).toBeUndefined();
  });

  it('shows the first page when the server refuses the cursor, and any other failure as it is', async () => {
    const page = { rows: [] };
    await expect(loadPageOrFirstPage({ after: 'c2' }, () => Promise.resolve(page), toFirstPage)).resolves.toBe(page);
    const refusedCursor = loadPageOrFirstPage(
      { before: 'x' },
      () => Promise.reject(refusal('INVALID_REQUEST')),
      toFirstPage,
    );
    await expect(refusedCursor).rejects.toThrow('redirect to the first page');
    // Without a cursor there is nothing to drop: the refusal is the filter's and shows as an error.
    const refusedFilter = loadPageOrFirstPage({}, () => Promise.reject(refusal('INVALID_REQUEST')), toFirstPage);
    await expect(refusedFilter).rejects.toThrow('Refused');
    const notAllowed = loadPageOrFirstPage(
      { after: 'c2' },
      () => Promise.reject(refusal('AUTH_NOT_AUTHORIZED')),
      toFirstPage,
    );
    await expect(notAllowed).rejects.toThrow('Refused');
  });
});

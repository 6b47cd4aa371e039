import { describe, expect, it } from 'vitest';
import { cursorPageSearchOf, cursorPageVariables, searchText } from './cursor-paging';

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
});

import { describe, expect, it } from 'vitest';
import { addOrUpdateBookmarkInputSchema, bookmarkFormSchema } from './bookmarks.js';

describe('bookmark addresses', () => {
  it('take a bare host as https, in the form and the API input alike', () => {
    expect(bookmarkFormSchema.parse({ url: ' github.com ', name: 'GitHub', logoUrl: '' }).url).toBe(
      'https://github.com',
    );
    expect(addOrUpdateBookmarkInputSchema.parse({ url: 'github.com/dxp', name: 'GitHub' }).url).toBe(
      'https://github.com/dxp',
    );
  });

  it('still refuse what is no web address', () => {
    expect(bookmarkFormSchema.safeParse({ url: 'javascript:alert(1)', name: 'x', logoUrl: '' }).success).toBe(false);
    expect(addOrUpdateBookmarkInputSchema.safeParse({ url: 'handbook', name: 'x' }).success).toBe(false);
    expect(bookmarkFormSchema.safeParse({ url: '', name: 'x', logoUrl: '' }).error?.issues[0]?.message).toBe(
      'Enter the web address.',
    );
  });
});

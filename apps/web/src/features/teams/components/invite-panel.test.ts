import { describe, expect, it } from 'vitest';
import { emailsFromText } from './invite-panel';

describe('emailsFromText', () => {
  it('splits on lines, commas, semicolons and spaces, and drops blanks and repeats', () => {
    expect(emailsFromText('ada@example.com,\n grace@example.com; ada@example.com\n\nlinus@example.com')).toEqual([
      'ada@example.com',
      'grace@example.com',
      'linus@example.com',
    ]);
  });

  it('keeps invalid entries, so the server reports them in its per-address results', () => {
    expect(emailsFromText('ada@example.com not-an-email')).toEqual(['ada@example.com', 'not-an-email']);
  });
});

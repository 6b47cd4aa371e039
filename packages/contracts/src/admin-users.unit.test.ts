import { describe, expect, it } from 'vitest';
import { createPersonInputSchema, updateUserInputSchema, userEditFormSchema } from './admin-users.js';

describe('createPersonInputSchema', () => {
  it('trims the fields and names each broken rule', () => {
    expect(
      createPersonInputSchema.parse({ email: ' Ada@Example.com ', firstName: ' Ada ', lastName: 'Lovelace' }),
    ).toEqual({ email: 'Ada@Example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const result = createPersonInputSchema.safeParse({ email: 'nope', firstName: ' ', lastName: 'x'.repeat(101) });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['email', 'Enter a valid email address.'],
      ['firstName', 'Enter a name.'],
      ['lastName', 'Use at most 100 characters.'],
    ]);
  });
});

describe('updateUserInputSchema', () => {
  it('keeps a left-out phone and billing customer, and clears them with empty text or null', () => {
    expect(updateUserInputSchema.parse({ id: 'u' })).toEqual({ id: 'u' });
    expect(updateUserInputSchema.parse({ id: 'u', primaryPhone: '', ordwayCustomerId: null })).toEqual({
      id: 'u',
      primaryPhone: null,
      ordwayCustomerId: null,
    });
  });

  it('uses the profile phone rule, as the form does', () => {
    expect(updateUserInputSchema.safeParse({ id: 'u', primaryPhone: '+44 20 7946 0000' }).success).toBe(true);
    const form = userEditFormSchema.safeParse({
      firstName: 'Ada',
      lastName: 'Lovelace',
      primaryPhone: '12',
      ordwayCustomerId: '',
      isSystemAdmin: false,
    });
    expect(form.error?.issues.map((issue) => issue.message)).toEqual(['Enter 7 to 15 digits.']);
  });
});

import { describe, expect, it } from 'vitest';
import { contactUsInputSchema } from './contact-us.js';

const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question.' };

describe('contactUsInputSchema', () => {
  it('trims what the form sends, the email included', () => {
    expect(contactUsInputSchema.parse({ ...message, email: ' ada@example.com ', name: ' Ada ' })).toEqual(message);
  });

  it('keeps the name and subject on one line, as they become a mail header', () => {
    const result = contactUsInputSchema.safeParse({ ...message, subject: 'Hello\r\nBcc: x@example.com' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['subject'], message: 'Use a single line.' }),
    ]);
  });

  it('takes a subject of 200 characters and a message of 5000', () => {
    expect(
      contactUsInputSchema.safeParse({ ...message, subject: 's'.repeat(200), message: 'm'.repeat(5000) }).success,
    ).toBe(true);
    expect(contactUsInputSchema.safeParse({ ...message, subject: 's'.repeat(201) }).success).toBe(false);
    expect(contactUsInputSchema.safeParse({ ...message, name: 'n'.repeat(101) }).success).toBe(false);
  });
});

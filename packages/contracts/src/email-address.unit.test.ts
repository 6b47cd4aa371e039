import { describe, expect, it } from 'vitest';
import { emailAddressSchema, normaliseEmail, optionalEmailAddressFormSchema } from './email-address.js';

describe('email addresses', () => {
  it('compares addresses trimmed, in NFC and lower case', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normaliseEmail('Jose\u0301@example.com')).toBe(normaliseEmail('JOSÉ@example.com'));
  });

  it('accepts a trimmed address of at most 254 characters', () => {
    expect(emailAddressSchema.parse('  ada@example.com ')).toBe('ada@example.com');
    expect(emailAddressSchema.safeParse(`${'a'.repeat(64)}@${'b'.repeat(185)}.com`).success).toBe(true);
    expect(emailAddressSchema.safeParse(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`).success).toBe(false);
    expect(emailAddressSchema.safeParse('not an address').success).toBe(false);
  });

  it('lets a form leave an optional address empty', () => {
    expect(optionalEmailAddressFormSchema.parse('')).toBe('');
    expect(optionalEmailAddressFormSchema.safeParse('nobody').success).toBe(false);
  });
});

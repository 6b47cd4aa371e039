import { z } from 'zod';

export const emailAddressMaxLength = 254;

/**
 * The one form in which the portal compares email addresses: trimmed, Unicode NFC, lower case. The
 * address is kept as the person wrote it; only comparisons (and SQL's `lower(…)` indexes) use this form.
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** An email address, trimmed, at most 254 characters (RFC 5321's path limit). */
export const emailAddressSchema = z
  .string()
  .trim()
  .pipe(
    z
      .email('Enter a valid email address.')
      .max(emailAddressMaxLength, `Use at most ${emailAddressMaxLength} characters.`),
  );

/** An optional email address as a form holds it: empty means none. */
export const optionalEmailAddressFormSchema = z.union([z.literal(''), emailAddressSchema]);

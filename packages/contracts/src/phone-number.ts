import { z } from 'zod';

export const phoneNumberMaxLength = 40;

/**
 * E.164 with the separators people type: an optional +, then 7 to 15 digits among spaces, dots, dashes and
 * brackets. Empty text is allowed (no number); a form keeps it as text, an API input turns it into `null`.
 */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(phoneNumberMaxLength, `Use at most ${phoneNumberMaxLength} characters.`)
  .refine((value) => value === '' || /^\+?[0-9 ().-]+$/.test(value), 'Use digits, spaces and + ( ) . - only.')
  .refine((value) => value === '' || /^\d{7,15}$/.test(value.replace(/\D/g, '')), 'Enter 7 to 15 digits.');

/** A phone number in an API input: empty text, null or a field left out all mean none (`null`). */
export const optionalPhoneNumberSchema = phoneNumberSchema
  .nullish()
  .transform((value) => (value == null || value === '' ? null : value));

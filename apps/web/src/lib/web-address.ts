import { z } from 'zod';

// Mirrors the server's rule: only http(s) addresses are stored, so a `javascript:` URL never reaches an href.
export const webAddressSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' })
  .max(2048, 'Use at most 2048 characters.');

/** True for an absolute http(s) URL: the only kind the UI ever puts in an `href` or `src`. */
export function isWebAddress(value: string | null | undefined): value is string {
  return value != null && webAddressSchema.safeParse(value).success;
}

/** An optional web address typed into a form: empty means none. */
export const optionalWebAddressSchema = z.union([z.literal(''), webAddressSchema]);

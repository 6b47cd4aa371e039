import { z } from 'zod';
import { webAddressMaxLength } from './web-address.js';

/** http(s) only: a `javascript:` or `data:` address must never reach an `href`. Bookmarks and team logos use it. */
export const webAddressSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' })
  .max(webAddressMaxLength, `Use at most ${webAddressMaxLength} characters.`);

/** https only: application links open from the portal in a new tab. */
export const secureWebAddressSchema = z
  .url({ protocol: /^https$/, error: 'Enter a web address starting with https://.' })
  .max(webAddressMaxLength, `Use at most ${webAddressMaxLength} characters.`);

/** An optional web address as a form holds it: empty means none. */
export const optionalWebAddressFormSchema = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), webAddressSchema]));

import { z } from 'zod';
import { webAddressMaxLength } from './web-address.js';

/** http(s) only: a `javascript:` or `data:` address must never reach an `href`. Bookmarks use it. */
export const webAddressSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' })
  .max(webAddressMaxLength, `Use at most ${webAddressMaxLength} characters.`);

/** https only: application links open from the portal in a new tab. */
export const secureWebAddressSchema = z
  .url({ protocol: /^https$/, error: 'Enter a web address starting with https://.' })
  .max(webAddressMaxLength, `Use at most ${webAddressMaxLength} characters.`);

/**
 * https only, for images the portal shows itself (team logos): its Content-Security-Policy loads images
 * from https addresses only, so an http:// logo would be accepted and then never shown.
 */
export const imageAddressSchema = z
  .url({ protocol: /^https$/, error: 'Enter an image address starting with https://.' })
  .max(webAddressMaxLength, `Use at most ${webAddressMaxLength} characters.`);

/** An optional image address as a form holds it: empty means none. */
export const optionalImageAddressFormSchema = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), imageAddressSchema]));

/** An optional web address as a form holds it: empty means none. */
export const optionalWebAddressFormSchema = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), webAddressSchema]));

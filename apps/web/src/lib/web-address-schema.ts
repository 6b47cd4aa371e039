import { z } from 'zod';
import { webAddressMaxLength } from './web-address';

// Mirrors the server's rule: only http(s) addresses are stored, so a `javascript:` URL never reaches an href.
// Forms only: displaying an address checks it with `isWebAddress` (lib/web-address), which needs no zod.
export const webAddressSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' })
  .max(webAddressMaxLength, `Use at most ${webAddressMaxLength} characters.`);

/** An optional web address typed into a form: empty means none. */
export const optionalWebAddressSchema = z.union([z.literal(''), webAddressSchema]);

import { z } from 'zod';

/** http(s) only: a `javascript:` or `data:` address must never reach an `href`. Bookmarks and team logos use it. */
export const webAddressSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://.' })
  .max(2048, 'Use at most 2048 characters.');

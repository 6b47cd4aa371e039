import { z } from 'zod';
import { nameSchema } from './text.js';
import { completeWebAddress } from './web-address.js';
import { optionalWebAddressFormSchema, webAddressSchema } from './web-address-schema.js';

const bookmarkNameSchema = nameSchema('a name');

/** A bookmark's address: `github.com` is taken as `https://github.com` (completeWebAddress), by the form and the API alike. */
const bookmarkAddressSchema = z.string().transform(completeWebAddress).pipe(webAddressSchema);

/** AddOrUpdateBookmark: a personal bookmark, or a team's when `teamFriendlyId` is given. */
export const addOrUpdateBookmarkInputSchema = z.object({
  /** Present to update an existing bookmark. */
  id: z.uuid().nullish(),
  url: bookmarkAddressSchema,
  name: bookmarkNameSchema,
  logoUrl: webAddressSchema.nullish(),
  /** A team bookmark when set, a personal one otherwise. */
  teamFriendlyId: z.string().nullish(),
});
export type AddOrUpdateBookmarkInput = z.input<typeof addOrUpdateBookmarkInputSchema>;

/** The web's bookmark form: empty text means no logo. */
export const bookmarkFormSchema = z.object({
  url: z.string().trim().min(1, 'Enter the web address.').pipe(bookmarkAddressSchema),
  name: bookmarkNameSchema,
  logoUrl: optionalWebAddressFormSchema,
});
export type BookmarkFormValues = z.infer<typeof bookmarkFormSchema>;

import { z } from 'zod';
import { optionalWebAddressSchema, webAddressSchema } from '@/lib/web-address-schema';

// The server's rules (apps/server/src/modules/bookmarks/bookmarks.service.ts), checked before sending.
export const bookmarkFormSchema = z.object({
  url: z.string().trim().min(1, 'Enter the web address.').pipe(webAddressSchema),
  name: z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.'),
  logoUrl: optionalWebAddressSchema,
});
export type BookmarkFormValues = z.infer<typeof bookmarkFormSchema>;

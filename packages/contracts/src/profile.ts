import { z } from 'zod';
import { optionalPhoneNumberSchema, phoneNumberSchema } from './phone-number.js';
import { nameSchema } from './text.js';

/** A person's first or last name. */
export const personNameSchema = nameSchema('a name');

/** UpdateMyProfile: names and phone; the email belongs to the identity provider and changes there only. */
export const updateMyProfileInputSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  /** Empty text or null removes the number. */
  primaryPhone: optionalPhoneNumberSchema,
});
export type UpdateMyProfileInput = z.input<typeof updateMyProfileInputSchema>;

/** The web's profile form: empty phone text removes the number. */
export const profileFormSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  primaryPhone: phoneNumberSchema,
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

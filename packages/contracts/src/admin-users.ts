import { z } from 'zod';
import { emailAddressSchema } from './email-address.js';
import { phoneNumberSchema } from './phone-number.js';
import { personNameSchema } from './profile.js';
import { textUpToSchema } from './text.js';

/** CreatePerson: a system administrator adds a person, who chooses a password from the mailed link. */
export const createPersonInputSchema = z.object({
  email: emailAddressSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
});
export type CreatePersonInput = z.input<typeof createPersonInputSchema>;

/** The web's "Add person" form: the same rules. */
export const createPersonFormSchema = createPersonInputSchema;
export type CreatePersonFormValues = z.infer<typeof createPersonFormSchema>;

export const billingCustomerMaxLength = 100;

/** UpdateUser: omitted fields keep their value; `null` or empty text clears the phone and the billing customer. */
export const updateUserInputSchema = z.object({
  id: z.string(),
  firstName: personNameSchema.nullish(),
  lastName: personNameSchema.nullish(),
  // Left out keeps the number, so not optionalPhoneNumberSchema (which reads a missing field as none).
  primaryPhone: phoneNumberSchema.nullish().transform((value) => (value === '' ? null : value)),
  isSystemAdmin: z.boolean().nullish(),
  ordwayCustomerId: textUpToSchema(billingCustomerMaxLength)
    .nullish()
    .transform((value) => (value === '' ? null : value)),
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** The web's user form: empty text clears the phone and the billing customer. */
export const userEditFormSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  primaryPhone: phoneNumberSchema,
  ordwayCustomerId: textUpToSchema(billingCustomerMaxLength),
  isSystemAdmin: z.boolean(),
});
export type UserEditFormValues = z.infer<typeof userEditFormSchema>;

import { z } from 'zod';
import { emailAddressSchema } from './email-address.js';
import { optionalPhoneNumberSchema, phoneNumberSchema } from './phone-number.js';
import { nameSchema, optionalTextSchema, textUpToSchema } from './text.js';

export const requestMessageMaxLength = 1000;

const contactFields = {
  firstName: nameSchema('your first name'),
  lastName: nameSchema('your last name'),
  contactEmail: emailAddressSchema,
};

/**
 * RequestApplicationAccess: a team member asks for an application for the team. The contact phone follows
 * the profile's phone rule (the form starts from the profile's number).
 */
export const requestAccessInputSchema = z.object({
  appId: z.string(),
  teamFriendlyId: z.string(),
  ...contactFields,
  contactPhone: optionalPhoneNumberSchema,
  message: optionalTextSchema(requestMessageMaxLength),
  acceptTerms: z.boolean(),
});
export type RequestAccessInput = z.input<typeof requestAccessInputSchema>;

/** The web's request-access form: the same rules, and the terms box must be ticked when the application has terms. */
export function requestAccessFormSchema({ hasTerms }: { hasTerms: boolean }) {
  return z.object({
    teamFriendlyId: z.string().min(1, 'Choose the team that needs the application.'),
    ...contactFields,
    /** Optional; empty sends none. */
    contactPhone: phoneNumberSchema,
    message: textUpToSchema(requestMessageMaxLength),
    acceptTerms: hasTerms
      ? z.boolean().refine((accepted) => accepted, 'Accept the terms to send the request.')
      : z.boolean(),
  });
}
export type RequestAccessFormValues = z.infer<ReturnType<typeof requestAccessFormSchema>>;

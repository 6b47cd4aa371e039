import { z } from 'zod';
import { emailAddressSchema } from './email-address.js';
import { singleLineSchema } from './text.js';

export const contactMessageMaxLength = 5000;

/** ContactUs: a visitor's message to the system administrators; the form sends exactly this. */
export const contactUsInputSchema = z.object({
  name: singleLineSchema('your name', 100),
  email: emailAddressSchema,
  subject: singleLineSchema('a subject', 200),
  message: z
    .string()
    .trim()
    .min(1, 'Enter a message.')
    .max(contactMessageMaxLength, `Use at most ${contactMessageMaxLength} characters.`),
});
export type ContactUsInput = z.input<typeof contactUsInputSchema>;

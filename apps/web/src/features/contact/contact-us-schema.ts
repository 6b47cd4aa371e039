import { z } from 'zod';

const singleLine = (label: string, maximum: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${label}.`)
    .max(maximum, `At most ${maximum} characters.`)
    .refine((value) => !/[\r\n]/.test(value), 'Use a single line.');

/** The rules of the server's contactUsInputSchema (modules/account/contact-us.service.ts). */
export const contactUsInputSchema = z.object({
  name: singleLine('your name', 100),
  email: z.string().trim().pipe(z.email('Enter a valid email address.').max(254, 'At most 254 characters.')),
  subject: singleLine('a subject', 200),
  message: z.string().trim().min(1, 'Enter a message.').max(5000, 'At most 5000 characters.'),
});

export type ContactUsInput = z.infer<typeof contactUsInputSchema>;

import { z } from 'zod';

const personName = z.string().trim().min(1, 'Enter a name.').max(100, 'At most 100 characters.');

/** The rules of the server's updateMyProfileInputSchema (modules/account/account.service.ts). */
export const profileFormSchema = z.object({
  firstName: personName,
  lastName: personName,
  /** Empty removes the number. */
  primaryPhone: z
    .string()
    .trim()
    .max(40, 'At most 40 characters.')
    .refine((value) => value === '' || /^\+?[0-9 ().-]+$/.test(value), 'Use digits, spaces and + ( ) . - only.')
    .refine((value) => value === '' || /^\d{7,15}$/.test(value.replace(/\D/g, '')), 'Enter 7 to 15 digits.'),
});

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

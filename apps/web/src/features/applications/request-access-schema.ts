import { z } from 'zod';

const personName = (what: string) => z.string().trim().min(1, `Enter ${what}.`).max(100, 'At most 100 characters.');

export const requestMessageMaxLength = 1000;

/**
 * The request-access form: the rules of the server's RequestAccessInput (modules/applications), plus the
 * terms box, which must be ticked when the application has terms.
 */
export function requestAccessFormSchema({ hasTerms }: { hasTerms: boolean }) {
  return z.object({
    teamFriendlyId: z.string().min(1, 'Choose the team that needs the application.'),
    firstName: personName('your first name'),
    lastName: personName('your last name'),
    contactEmail: z.string().trim().pipe(z.email('Enter a valid email address.').max(254, 'At most 254 characters.')),
    /** Optional; empty sends none. */
    contactPhone: z
      .string()
      .trim()
      .max(40, 'At most 40 characters.')
      .refine((value) => value === '' || /^\+?[0-9 ().-]+$/.test(value), 'Use digits, spaces and + ( ) . - only.')
      .refine((value) => value === '' || /^\d{7,15}$/.test(value.replace(/\D/g, '')), 'Enter 7 to 15 digits.'),
    message: z.string().trim().max(requestMessageMaxLength, `At most ${requestMessageMaxLength} characters.`),
    acceptTerms: hasTerms
      ? z.boolean().refine((accepted) => accepted, 'Accept the terms to send the request.')
      : z.boolean(),
  });
}

export type RequestAccessFormValues = z.infer<ReturnType<typeof requestAccessFormSchema>>;

import { z } from 'zod';

/** A code from an authenticator app: six digits; spaces the app shows between groups are allowed. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app.' }));

/** ConfirmTotpEnrolment: the first code from the app proves it holds the secret. */
export const confirmTotpInputSchema = z.object({ code: totpCodeSchema });
export type ConfirmTotpInput = z.infer<typeof confirmTotpInputSchema>;

/** RemoveTotp: the current password or a current code, so an unattended signed-in browser cannot remove it. */
export const removeTotpInputSchema = z
  .object({
    password: z.string().max(4096).optional(),
    code: z.string().max(20).optional(),
  })
  .refine((value) => Boolean(value.password) || Boolean(value.code), {
    message: 'Enter your password or a code from your authenticator app.',
    path: ['password'],
  });
export type RemoveTotpInput = z.infer<typeof removeTotpInputSchema>;

/** The web's set-up form: the confirmation code. */
export const totpSetupFormSchema = confirmTotpInputSchema;
export type TotpSetupFormValues = z.input<typeof totpSetupFormSchema>;

/** The web's removal form: the password (a code works too, in the same field). */
export const removeTotpFormSchema = z.object({
  passwordOrCode: z.string().min(1, { message: 'Enter your password or a code from your authenticator app.' }),
});
export type RemoveTotpFormValues = z.infer<typeof removeTotpFormSchema>;

/** How many recovery codes a person gets at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;

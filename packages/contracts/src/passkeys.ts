import { z } from 'zod';
import { singleLineSchema } from './text.js';

export const passkeyNameMaxLength = 60;

/** A passkey's name, so the person tells their passkeys apart ("Work laptop", "Phone"). */
export const passkeyNameSchema = singleLineSchema('a name for the passkey', passkeyNameMaxLength);

/** FinishPasskeyRegistration: the name and the browser's answer to the registration options (JSON text). */
export const finishPasskeyRegistrationInputSchema = z.object({
  name: passkeyNameSchema,
  /** The RegistrationResponseJSON of navigator.credentials.create(), as text; checked by the server's library. */
  response: z.string().min(1).max(65_536),
});

/** RenamePasskey. */
export const renamePasskeyInputSchema = z.object({ id: z.uuid(), name: passkeyNameSchema });

/** The web's form for adding a passkey. */
export const passkeyFormSchema = z.object({ name: passkeyNameSchema });
export type PasskeyFormValues = z.infer<typeof passkeyFormSchema>;

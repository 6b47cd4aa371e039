import { z } from 'zod';
import { isApplicationIconName } from './application-icon.js';

export const unknownApplicationIconMessage = 'Choose an icon from the collection.';

/** The one rule for an application's icon: a name of the bundled collection (the form's and the API's). */
export const applicationIconSchema = z.string().trim().refine(isApplicationIconName, unknownApplicationIconMessage);

/** The icon as the application form holds it: empty means no icon. */
export const applicationIconFormSchema = z.union([z.literal(''), applicationIconSchema]);

/** The icon in CreateApplicationInput / UpdateApplicationInput: empty text or `null` clears it. */
export const optionalApplicationIconSchema = z
  .string()
  .nullish()
  .transform((text) => (text?.trim() === '' ? null : text))
  .pipe(applicationIconSchema.nullish());

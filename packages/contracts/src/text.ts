import { z } from 'zod';

export const nameMaxLength = 100;

/** A person's or a thing's name: 1 to 100 characters once trimmed. `whatToEnter` completes "Enter …". */
export function nameSchema(whatToEnter = 'a name') {
  return z
    .string()
    .trim()
    .min(1, `Enter ${whatToEnter}.`)
    .max(nameMaxLength, `Use at most ${nameMaxLength} characters.`);
}

/** One line of text, 1 to `maximum` characters: it becomes a mail header or a notification's title. */
export function singleLineSchema(whatToEnter: string, maximum: number) {
  return z
    .string()
    .trim()
    .min(1, `Enter ${whatToEnter}.`)
    .max(maximum, `Use at most ${maximum} characters.`)
    .refine((value) => !/[\r\n]/.test(value), 'Use a single line.');
}

/** Optional text of at most `maximum` characters, as a form holds it: empty means none. */
export function textUpToSchema(maximum: number) {
  return z.string().trim().max(maximum, `Use at most ${maximum} characters.`);
}

/** Optional text of at most `maximum` characters in an API input; empty text is `null`, as is a field left out. */
export function optionalTextSchema(maximum: number) {
  return textUpToSchema(maximum)
    .nullish()
    .transform((text) => (text === '' ? null : text));
}

import { z } from 'zod';

// A team's address is its friendly id, the slug in `/teams/{friendlyId}`.
export const friendlyIdMinLength = 3;
export const friendlyIdMaxLength = 48;

/** 3 to 48 lowercase letters, digits and hyphens, starting and ending with a letter or digit. */
export const friendlyIdPattern = /^[a-z0-9][a-z0-9-]{1,46}[a-z0-9]$/;

export function isFriendlyId(value: string): boolean {
  return friendlyIdPattern.test(value);
}

export const friendlyIdSchema = z
  .string()
  .trim()
  .min(friendlyIdMinLength, `Use at least ${friendlyIdMinLength} characters.`)
  .max(friendlyIdMaxLength, `Use at most ${friendlyIdMaxLength} characters.`)
  .regex(friendlyIdPattern, 'Use lowercase letters, digits and hyphens, starting and ending with a letter or digit.');

/**
 * The team address suggested for a name: "Café Zürich" → "cafe-zurich", "Ünïted Ops & Co." → "united-ops-co".
 * Accents are dropped (NFKD, then the combining marks removed) rather than turned into hyphens; the result
 * may still be too short for `friendlyIdSchema` (a name without letters or digits gives "").
 */
export function friendlyIdFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, friendlyIdMaxLength)
    .replace(/^-+|-+$/g, '');
}

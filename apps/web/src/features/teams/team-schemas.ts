import { z } from 'zod';
import { optionalWebAddressSchema } from '@/lib/web-address-schema';

// The server's rules (apps/server/src/modules/teams/teams.service.ts), checked before sending.
export const friendlyIdMaxLength = 48;

export const friendlyIdSchema = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters.')
  .max(friendlyIdMaxLength, `Use at most ${friendlyIdMaxLength} characters.`)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'Use lowercase letters, digits and hyphens, starting and ending with a letter or digit.',
  );

export const teamNameSchema = z.string().trim().min(1, 'Enter a team name.').max(100, 'Use at most 100 characters.');

export const teamFormSchema = z.object({
  name: teamNameSchema,
  friendlyId: friendlyIdSchema,
  logoUrl: optionalWebAddressSchema,
});
export type TeamFormValues = z.infer<typeof teamFormSchema>;

/** "Ünïted Ops & Co." → "united-ops-co": the team address suggested while the name is typed. */
export function friendlyIdFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, friendlyIdMaxLength)
    .replace(/^-+|-+$/g, '');
}

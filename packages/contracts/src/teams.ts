import { z } from 'zod';
import { emailAddressSchema, optionalEmailAddressFormSchema } from './email-address.js';
import { friendlyIdSchema } from './team-address.js';
import { nameSchema } from './text.js';
import { imageAddressSchema, optionalImageAddressFormSchema } from './web-address-schema.js';

export const teamNameSchema = nameSchema('a team name');

/** AddTeam: anyone creates a team they own; system administrators may name another owner by email. */
export const addTeamInputSchema = z.object({
  name: teamNameSchema,
  friendlyId: friendlyIdSchema,
  logoUrl: imageAddressSchema.nullish(),
  /** System admins may create a team on someone else's behalf. */
  ownerEmail: emailAddressSchema.nullish(),
});
export type AddTeamInput = z.input<typeof addTeamInputSchema>;

/** UpdateTeam: a field left out keeps its value; `null` clears the logo. */
export const updateTeamInputSchema = z.object({
  teamFriendlyId: z.string(),
  name: teamNameSchema.nullish(),
  friendlyId: friendlyIdSchema.nullish(),
  logoUrl: imageAddressSchema.nullish(),
  /** Only system admins enable or disable a team. */
  enabled: z.boolean().nullish(),
});
export type UpdateTeamInput = z.input<typeof updateTeamInputSchema>;

/**
 * The web's team form, creating a team and in its settings: empty text means no logo. Only system
 * administrators' add-team form has the owner's email (empty: themselves).
 */
export const teamFormSchema = z.object({
  name: teamNameSchema,
  friendlyId: friendlyIdSchema,
  logoUrl: optionalImageAddressFormSchema,
  ownerEmail: optionalEmailAddressFormSchema.optional(),
});
export type TeamFormValues = z.infer<typeof teamFormSchema>;

import { friendlyIdFromName } from '@dxp/contracts/team-address';
import type { TeamFormValues } from '@dxp/contracts/teams';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { LogoUrlField } from '@/components/web-address-input';
import { Input } from '@/components/ui/input';
import { GraphQLRequestError, parseError } from '@/lib/graphql-client';

export interface TeamDetailsFieldsProps {
  form: UseFormReturn<TeamFormValues>;
  /** While true, typing a name suggests the address; editing the address by hand stops it. */
  derivesFriendlyId?: boolean;
  onFriendlyIdEdited?: () => void;
}

/** Name, address (slug) and logo: shared by creating a team and its settings. */
export function TeamDetailsFields({ form, derivesFriendlyId = false, onFriendlyIdEdited }: TeamDetailsFieldsProps) {
  const { errors } = form.formState;
  const nameField = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (derivesFriendlyId) form.setValue('friendlyId', friendlyIdFromName(event.target.value), { shouldDirty: true });
    },
  });
  const friendlyIdField = form.register('friendlyId', { onChange: onFriendlyIdEdited });
  const friendlyId = form.watch('friendlyId');
  return (
    <>
      <FormField label="Team name" required error={errors.name?.message}>
        <Input autoComplete="organization" {...nameField} />
      </FormField>
      <FormField
        label="Team address"
        required
        error={errors.friendlyId?.message}
        description={`Lowercase letters, digits and hyphens. The team lives at /teams/${friendlyId || '…'}.`}
      >
        <Input autoComplete="off" spellCheck={false} {...friendlyIdField} />
      </FormField>
      <LogoUrlField
        description="Optional: an https:// image shown beside the name."
        error={errors.logoUrl?.message}
        {...form.register('logoUrl')}
      />
    </>
  );
}

const teamFields: ReadonlyArray<string> = ['name', 'friendlyId', 'logoUrl', 'ownerEmail'] satisfies Array<
  keyof TeamFormValues
>;

/** Server failures that belong to a team form field (a taken address, rejected values); null for the others. */
export function teamFieldErrorsOf(error: unknown): Partial<Record<keyof TeamFormValues, string>> | null {
  if (error instanceof GraphQLRequestError && error.code === 'DUPLICATE_VALUE') {
    return { friendlyId: 'Another team already uses this address. Choose another.' };
  }
  const known = Object.entries(parseError(error).fieldErrors ?? {}).filter(([field]) => teamFields.includes(field));
  return known.length > 0 ? Object.fromEntries(known) : null;
}

import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface PersonName extends FieldValues {
  firstName: string;
  lastName: string;
}

type RegisteredField = { field: UseFormRegisterReturn; error: string | undefined };

export interface PersonNameFieldsProps {
  firstName: RegisteredField;
  lastName: RegisteredField;
  /** Whether the person types their own name, which the browser may then fill in; not someone else's. */
  isOwnName: boolean;
}

/**
 * The name fields of a form whose schema checks `firstName` and `lastName` (`personNameSchema` of
 * `@dxp/contracts/profile`), registered as this is called. Call it inline where the fields stand:
 * react-hook-form focuses the first invalid field in the order the fields were registered.
 */
export function personNameFieldsOf<Values extends PersonName>(
  form: UseFormReturn<Values>,
): Omit<PersonNameFieldsProps, 'isOwnName'> {
  // Any form with these two fields: its other fields do not matter here.
  const { register, formState } = form as unknown as UseFormReturn<PersonName>;
  return {
    firstName: { field: register('firstName'), error: formState.errors.firstName?.message },
    lastName: { field: register('lastName'), error: formState.errors.lastName?.message },
  };
}

/** A person's first and last name, both required, side by side in the form's grid. */
export function PersonNameFields({ firstName, lastName, isOwnName }: PersonNameFieldsProps) {
  return (
    <>
      <FormField label="First name" error={firstName.error} required>
        <Input autoComplete={isOwnName ? 'given-name' : 'off'} {...firstName.field} />
      </FormField>
      <FormField label="Last name" error={lastName.error} required>
        <Input autoComplete={isOwnName ? 'family-name' : 'off'} {...lastName.field} />
      </FormField>
    </>
  );
}

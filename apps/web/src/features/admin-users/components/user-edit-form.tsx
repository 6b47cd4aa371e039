import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type UserEditFormValues, userEditFormSchema } from '@dxp/contracts/admin-users';
import { CheckboxField } from '@/components/checkbox-field';
import { PersonNameFields, personNameFieldsOf } from '@/components/person-name-fields';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { showFormError } from '@/lib/form-errors';
import type { AdminUser } from '../api/get-user-by-id';
import { useUpdateUser } from '../api/update-user';
import { SaveChangesFooter } from '@/components/ui/save-changes-footer';

const fieldNames = [
  'firstName',
  'lastName',
  'primaryPhone',
  'ordwayCustomerId',
  'isSystemAdmin',
] as const satisfies (keyof UserEditFormValues)[];

export function UserEditForm({ user }: { user: AdminUser }) {
  const updateUser = useUpdateUser();
  const form = useForm<UserEditFormValues>({
    resolver: zodResolver(userEditFormSchema),
    values: {
      firstName: user.firstName,
      lastName: user.lastName,
      primaryPhone: user.primaryPhone ?? '',
      ordwayCustomerId: user.ordwayCustomerId ?? '',
      isSystemAdmin: user.isSystemAdmin,
    },
  });
  const { errors, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // Only what changed, so the event log records the real change; empty text clears (UpdateUserInput).
      const changes = Object.fromEntries(
        fieldNames.flatMap((field) => (dirtyFields[field] ? [[field, values[field]]] : [])),
      );
      await updateUser.mutateAsync({ id: user.id, ...changes });
      toast({
        title: 'User saved',
        description: `${values.firstName} ${values.lastName}'s details are up to date.`,
        color: 'success',
      });
    } catch (error) {
      showFormError(error, form.setError, fieldNames);
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <CardHeader>
          <CardTitle>Details</CardTitle>
          <CardDescription>
            The email address comes from the identity provider and cannot be changed here.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2">
          <PersonNameFields {...personNameFieldsOf(form)} isOwnName={false} />
          <FormField label="Phone" error={errors.primaryPhone?.message}>
            <Input type="tel" autoComplete="off" {...form.register('primaryPhone')} />
          </FormField>
          <FormField
            label="Billing customer id"
            description="The billing system's customer whose invoices this user sees."
            error={errors.ordwayCustomerId?.message}
          >
            <Input autoComplete="off" spellCheck={false} {...form.register('ordwayCustomerId')} />
          </FormField>
          <div className="grid gap-2 sm:col-span-2">
            <CheckboxField
              id="user-is-system-admin"
              label="System administrator"
              description="Manages every user, team, application and log of this installation."
              aria-describedby="user-is-system-admin-error"
              aria-invalid={errors.isSystemAdmin ? true : undefined}
              {...form.register('isSystemAdmin')}
            />
            <div id="user-is-system-admin-error" aria-live="polite">
              {errors.isSystemAdmin?.message && (
                <Callout color="error" icon={ShieldAlertIcon}>
                  {errors.isSystemAdmin.message}
                </Callout>
              )}
            </div>
          </div>
        </CardContent>
        <SaveChangesFooter
          isChanged={form.formState.isDirty}
          isPending={updateUser.isPending}
          onDiscard={() => form.reset()}
          saveLabel="Save"
        />
      </form>
    </Card>
  );
}

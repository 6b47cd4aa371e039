import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type UserEditFormValues, userEditFormSchema } from '@dxp/contracts/admin-users';
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
          <FormField label="First name" error={errors.firstName?.message} required>
            <Input autoComplete="off" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message} required>
            <Input autoComplete="off" {...form.register('lastName')} />
          </FormField>
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
            <div className="flex items-start gap-3">
              <input
                id="user-is-system-admin"
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                aria-describedby="user-is-system-admin-description user-is-system-admin-error"
                aria-invalid={errors.isSystemAdmin ? true : undefined}
                {...form.register('isSystemAdmin')}
              />
              <div className="grid gap-1">
                <label htmlFor="user-is-system-admin" className="text-sm leading-none font-medium">
                  System administrator
                </label>
                <p id="user-is-system-admin-description" className="text-sm text-muted-foreground">
                  Manages every user, team, application and log of this installation.
                </p>
              </div>
            </div>
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

import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { type CreatePersonFormValues, createPersonFormSchema } from '@dxp/contracts/admin-users';
import { PersonNameFields, personNameFieldsOf } from '@/components/person-name-fields';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { CopyableValue } from '@/components/ui/copyable-value';
import { FormDialog, useFormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { showFormError } from '@/lib/form-errors';
import { fullNameOf } from '@/lib/full-name';
import { useCreatePerson } from '../api/account-actions';

const fieldNames = ['email', 'firstName', 'lastName'] as const;

/**
 * A system administrator adds a person of the built-in provider: they get a link to choose a password, by mail, or
 * shown here to hand over when the portal sends no mail.
 */
export function AddPersonDialog() {
  const createPerson = useCreatePerson();
  const { form, changeOpen, dialogProps } = useFormDialog<CreatePersonFormValues>(
    { resolver: zodResolver(createPersonFormSchema), defaultValues: { email: '', firstName: '', lastName: '' } },
    () => createPerson.reset(),
  );
  const created = createPerson.data?.createPerson;
  const { errors } = form.formState;

  async function add(values: CreatePersonFormValues) {
    try {
      const result = (await createPerson.mutateAsync(values)).createPerson;
      if (result.mailed) {
        toast({
          title: `${fullNameOf(result.user)} added`,
          description: `A link to choose a password is on its way to ${result.user.email}.`,
          color: 'success',
        });
        changeOpen(false);
      }
    } catch (error) {
      showFormError(error, form.setError, fieldNames);
    }
  }

  return (
    <FormDialog
      {...dialogProps(add)}
      trigger={
        <Button size="sm">
          <UserPlusIcon aria-hidden />
          Add person
        </Button>
      }
      title="Add a person"
      description="They get a mail with a link to choose their password. Opening it also confirms their address."
      submitLabel={
        <>
          <UserPlusIcon aria-hidden />
          Add person
        </>
      }
      isPending={createPerson.isPending}
      shownOnce={
        created?.link
          ? {
              title: `${fullNameOf(created.user)} added`,
              description: `No mail is configured, so hand this link to ${created.user.email} yourself. It works for 7 days, once, and lets them choose a password.`,
              children: (
                <Callout color="info">
                  <CopyableValue label="Set-password link" value={created.link} what="link" isLabelHidden />
                </Callout>
              ),
            }
          : undefined
      }
    >
      <FormField label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields {...personNameFieldsOf(form)} isOwnName={false} />
      </div>
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, PlusIcon, TriangleAlertIcon } from 'lucide-react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { CopyableValue } from '@/components/ui/copyable-value';
import { FormDialog, useFormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showFormError } from '@/lib/form-errors';
import { useCreateServiceKey } from '../api/create-service-key';

/** The server's rule (auth/service-keys.ts): 1 to 100 characters once trimmed. */
const serviceKeyFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(100, 'At most 100 characters.'),
});
type ServiceKeyFormValues = z.infer<typeof serviceKeyFormSchema>;

/** Names a new key, then shows it once with a copy button; closing the dialog forgets it. */
export function CreateServiceKeyDialog() {
  const createServiceKey = useCreateServiceKey();
  const { form, dialogProps } = useFormDialog<ServiceKeyFormValues>(
    { resolver: zodResolver(serviceKeyFormSchema), defaultValues: { name: '' } },
    () => createServiceKey.reset(),
  );
  const createdKey = createServiceKey.data?.createServiceKey;

  return (
    <FormDialog
      {...dialogProps(({ name }) =>
        createServiceKey.mutate(name, { onError: (error) => showFormError(error, form.setError, ['name']) }),
      )}
      trigger={
        <Button size="sm">
          <PlusIcon aria-hidden />
          Create key
        </Button>
      }
      title="Create a service key"
      description="A key lets scripts and other services call the portal's API as you. It cannot manage keys or delete your account."
      submitLabel={
        <>
          <KeyRoundIcon aria-hidden />
          Create key
        </>
      }
      isPending={createServiceKey.isPending}
      shownOnce={
        createdKey?.key
          ? {
              title: 'Copy your new key',
              description: (
                <>
                  “{createdKey.name}” acts as you on the GraphQL API. Send it as{' '}
                  <code>Authorization: Bearer &lt;key&gt;</code>.
                </>
              ),
              children: (
                <>
                  <Callout color="warning" icon={TriangleAlertIcon}>
                    <p className="font-medium">You will not see this key again</p>
                    <p className="text-muted-foreground">Copy it now and keep it somewhere safe, like a password.</p>
                  </Callout>
                  <PlainKey plainKey={createdKey.key} />
                </>
              ),
            }
          : undefined
      }
    >
      <FormField
        label="Key name"
        description="What the key is for, e.g. “Nightly report”."
        error={form.formState.errors.name?.message}
        required
      >
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
    </FormDialog>
  );
}

function PlainKey({ plainKey }: { plainKey: string }) {
  return <CopyableValue label="Your new key" value={plainKey} what="key" />;
}

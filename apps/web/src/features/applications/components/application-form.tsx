import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { CircleAlertIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CheckboxField } from '@/components/checkbox-field';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { LogoUrlField, WebAddressInput } from '@/components/web-address-input';
import type { ApplicationDetail } from '../api/get-application-by-id';
import { GraphQLRequestError, parseError } from '@/lib/graphql-client';
import { useCreateApplication } from '../api/create-application';
import { useUpdateApplication } from '../api/update-application';
import {
  applicationFormFields,
  applicationFormSchema,
  applicationFormValuesOf,
  applicationInputOf,
  emptyApplicationForm,
  type ApplicationFormValues,
} from '../application-schema';
import { SaveChangesFooter } from '@/components/ui/save-changes-footer';

// The picker and its collection of names load with the field, not with the pages that only show icons.
const IconPicker = lazy(() => import('./icon-picker').then((module) => ({ default: module.IconPicker })));

/** The icon field: the picker once its chunk has loaded, a disabled button of the same size until then. */
function IconField(props: ComponentProps<typeof IconPicker>) {
  return (
    <Suspense
      fallback={
        <button
          type="button"
          disabled
          id={props.id}
          className="h-9 w-full rounded-md border border-input bg-surface px-3 text-left text-sm text-muted-foreground"
        >
          {props.value || 'No icon'}
        </button>
      }
    >
      <IconPicker {...props} />
    </Suspense>
  );
}

const duplicateNameMessage = 'Another application already has this name. Choose another.';

/** Creates an application (no `application`) or edits one: every field of CreateApplicationInput. */
export function ApplicationForm({ application }: { application?: ApplicationDetail }) {
  const createApplication = useCreateApplication();
  const updateApplication = useUpdateApplication();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ApplicationFormValues>({
    resolver: zodResolver(applicationFormSchema),
    ...(application ? { values: applicationFormValuesOf(application) } : { defaultValues: emptyApplicationForm }),
  });
  const { errors, isDirty, dirtyFields } = form.formState;
  const unsavedChanges = useUnsavedChangesGuard(isDirty);
  const isPending = createApplication.isPending || updateApplication.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const input = applicationInputOf(values);
    try {
      if (application) {
        // Only what changed, so the event log records the real change (omitted fields stay as they are).
        const changes = Object.fromEntries(
          applicationFormFields.flatMap((field) => (dirtyFields[field] ? [[field, input[field]]] : [])),
        );
        await updateApplication.mutateAsync({ id: application.id, ...changes });
        toast({ title: 'Application saved', description: input.name, color: 'success' });
      } else {
        const { createApplication: created } = await createApplication.mutateAsync(input);
        toast({ title: 'Application created', description: `${created.name} is in the catalogue.`, color: 'success' });
        unsavedChanges.allowLeaving();
        await navigate({ to: '/system/apps/$id', params: { id: created.id } });
      }
    } catch (error) {
      showServerError(error);
    }
  });

  function showServerError(error: unknown) {
    if (error instanceof GraphQLRequestError && error.code === 'DUPLICATE_VALUE') {
      form.setError('name', { type: 'server', message: duplicateNameMessage }, { shouldFocus: true });
      return;
    }
    const { title, message, fieldErrors = {} } = parseError(error);
    const fields = applicationFormFields.filter((field) => fieldErrors[field]);
    fields.forEach((field, index) =>
      form.setError(field, { type: 'server', message: fieldErrors[field] }, { shouldFocus: index === 0 }),
    );
    if (fields.length > 0) return;
    if (
      error instanceof GraphQLRequestError &&
      (error.code === 'INVALID_REQUEST' || error.code === 'INVALID_CONTENT')
    ) {
      setServerError(message);
    } else {
      toast({ title, description: message, color: 'error' });
    }
  }

  return (
    <>
      {unsavedChanges.dialog}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
        <div aria-live="polite" className="empty:hidden">
          {serverError && (
            <Callout color="error" icon={CircleAlertIcon}>
              <p className="font-medium">The application was not saved.</p>
              <p className="break-words">{serverError}</p>
            </Callout>
          )}
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
            <CardDescription>What people see in the catalogue and where the application opens.</CardDescription>
          </CardHeader>
          <CardContent className="grid items-start gap-5 sm:grid-cols-2">
            <FormField label="Name" error={errors.name?.message} required>
              <Input autoComplete="off" {...form.register('name')} />
            </FormField>
            <Controller
              control={form.control}
              name="icon"
              render={({ field }) => (
                <FormField
                  label="Icon"
                  description="Optional: tiles show it when there is no logo."
                  error={errors.icon?.message}
                >
                  <IconField
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={(name) => field.onChange(name)}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
            <FormField
              label="Address"
              description="Where Launch opens the application. https:// only."
              error={errors.url?.message}
              required
              className="sm:col-span-2"
            >
              <WebAddressInput placeholder="https://app.example.com" {...form.register('url')} />
            </FormField>
            <LogoUrlField
              description="Optional: an https:// image, square works best."
              error={errors.logoUrl?.message}
              fieldClassName="sm:col-span-2"
              {...form.register('logoUrl')}
            />
            <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
              <Textarea rows={3} {...form.register('description')} />
            </FormField>
            <CheckboxField
              id="application-is-dxp"
              label="DXP application"
              description="A first-party application of the platform, marked as such in the catalogue."
              rowClassName="sm:col-span-2"
              {...form.register('isDxp')}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Terms</CardTitle>
            <CardDescription>
              When the application has terms, people accept them before they can request it for a team.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid items-start gap-5 sm:grid-cols-2">
            <FormField label="Terms link" description="https:// only." error={errors.termsLink?.message}>
              <WebAddressInput placeholder="https://example.com/terms" {...form.register('termsLink')} />
            </FormField>
            <FormField
              label="Terms date"
              description="When the current terms took effect."
              error={errors.termsDate?.message}
            >
              <Input type="date" {...form.register('termsDate')} />
            </FormField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Billing and integration</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField
              label="Billing product id"
              description="The billing system's product for this application."
              error={errors.billingProductId?.message}
              className="sm:max-w-sm"
            >
              <Input autoComplete="off" spellCheck={false} {...form.register('billingProductId')} />
            </FormField>
            <FormField
              label="Meta (JSON)"
              description="Extra facts as a JSON object, for integrations and reports."
              error={errors.meta?.message}
            >
              <Textarea rows={5} spellCheck={false} className="font-mono text-xs" {...form.register('meta')} />
            </FormField>
          </CardContent>
          <SaveChangesFooter
            // A new application can be submitted as it is: the form's checks say what is missing.
            isChanged={!application || isDirty}
            isPending={isPending}
            onDiscard={
              application
                ? () => {
                    setServerError(null);
                    form.reset();
                  }
                : undefined
            }
            saveLabel={application ? 'Save application' : 'Create application'}
          />
        </Card>
      </form>
    </>
  );
}

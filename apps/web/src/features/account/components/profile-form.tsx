import { profileFormSchema, type ProfileFormValues } from '@dxp/contracts/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PersonNameFields, personNameFieldsOf } from '@/components/person-name-fields';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { showFormError } from '@/lib/form-errors';
import { useUpdateMyProfile } from '../api/update-my-profile';
import type { MyProfile } from '../api/get-my-profile';
import { SaveChangesFooter } from '@/components/ui/save-changes-footer';

const formFields = ['firstName', 'lastName', 'primaryPhone'] as const;

export function ProfileForm({ profile }: { profile: MyProfile }) {
  const updateMyProfile = useUpdateMyProfile();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    values: { firstName: profile.firstName, lastName: profile.lastName, primaryPhone: profile.primaryPhone ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const unsavedChanges = useUnsavedChangesGuard(isDirty);

  return (
    <Card>
      <form
        noValidate
        aria-labelledby="profile-details-title"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            updateMyProfile.mutate(values, {
              onSuccess: () => toast({ title: 'Profile saved', color: 'success' }),
              onError: (error) => showFormError(error, form.setError, formFields),
            }),
          )(event)
        }
      >
        <CardHeader>
          <CardTitle id="profile-details-title">Your details</CardTitle>
          <CardDescription>How your teams and the portal administrators see you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <PersonNameFields {...personNameFieldsOf(form)} isOwnName />
          <FormField
            label="Email"
            description="Your email address comes from your sign-in account and can be changed there only."
          >
            <Input type="email" value={profile.email} readOnly className="bg-muted text-muted-foreground" />
          </FormField>
          <FormField
            label="Primary phone"
            error={errors.primaryPhone?.message}
            description="Optional, e.g. +44 20 7946 0958."
          >
            <Input type="tel" autoComplete="tel" {...form.register('primaryPhone')} />
          </FormField>
        </CardContent>
        <SaveChangesFooter
          isChanged={isDirty}
          isPending={updateMyProfile.isPending}
          onDiscard={() => form.reset()}
          saveLabel="Save profile"
        />
      </form>
      {unsavedChanges.dialog}
    </Card>
  );
}

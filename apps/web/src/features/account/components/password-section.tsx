import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { showFormError } from '@/lib/form-errors';
import { useChangeMyPassword } from '../api/change-my-password';

/**
 * The length rule of the server's password policy (apps/server/src/idp/password-policy.ts, NIST SP 800-63B);
 * only the server knows the common-password list, so its field message is shown when it refuses one.
 */
const minPasswordLength = 8;
const maxPasswordLength = 256;

const passwordFormSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.'),
  newPassword: z
    .string()
    .refine((value) => [...value].length >= minPasswordLength, `Use at least ${minPasswordLength} characters.`)
    .refine((value) => [...value].length <= maxPasswordLength, `Use at most ${maxPasswordLength} characters.`),
});

type PasswordFormValues = z.infer<typeof passwordFormSchema>;

const formFields = ['currentPassword', 'newPassword'] as const;

/** "Password": a person of the built-in provider changes their password, proving the current one. */
export function PasswordSection() {
  const changeMyPassword = useChangeMyPassword();
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;

  return (
    <Card>
      <form
        noValidate
        aria-labelledby="password-title"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            changeMyPassword.mutate(values, {
              onSuccess: () => {
                form.reset();
                toast({
                  title: 'Password changed',
                  description: 'Your other browsers and devices were signed out and sign in with the new password.',
                  color: 'success',
                });
              },
              onError: (error) => showFormError(error, form.setError, formFields),
            }),
          )(event)
        }
      >
        <CardHeader>
          <CardTitle id="password-title">Password</CardTitle>
          <CardDescription>
            Change the password you sign in with. Other browsers and devices are signed out.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField label="Current password" error={errors.currentPassword?.message} required>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField
            label="New password"
            error={errors.newPassword?.message}
            description={`At least ${minPasswordLength} characters. Common passwords and your own name are refused; a few unrelated words make a good one.`}
            required
          >
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={changeMyPassword.isPending}>
            Change password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { showFormError } from '@/lib/form-errors';
import { useAddTeam } from '../api/add-team';
import { allTeamsQueryKey } from '@/lib/api/get-all-teams';

/** Mirrors the server's addTeamInputSchema (apps/server/src/modules/teams). */
export const addTeamFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter a team name.').max(100, 'Use at most 100 characters.'),
  friendlyId: z
    .string()
    .trim()
    .min(3, 'Use at least 3 characters.')
    .max(48, 'Use at most 48 characters.')
    .regex(
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
      'Use lowercase letters, digits and hyphens, starting and ending with a letter or digit.',
    ),
  ownerEmail: z.union([z.literal(''), z.email('Enter a valid email address.')]),
});

type AddTeamFormValues = z.infer<typeof addTeamFormSchema>;

const fieldNames = ['name', 'friendlyId', 'ownerEmail'] as const satisfies (keyof AddTeamFormValues)[];

/** "Acme Research Ltd." → "acme-research-ltd" */
export function friendlyIdFrom(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}

/** The system administrators' add-team form: the owner is any account, by email. */
export function SystemAddTeamForm() {
  const addTeam = useAddTeam();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<AddTeamFormValues>({
    resolver: zodResolver(addTeamFormSchema),
    defaultValues: { name: '', friendlyId: '', ownerEmail: '' },
  });
  const { errors } = form.formState;
  const nameField = form.register('name');

  const onSubmit = form.handleSubmit(async ({ name, friendlyId, ownerEmail }) => {
    try {
      const team = await addTeam.mutateAsync({ name, friendlyId, ownerEmail: ownerEmail || null });
      void queryClient.invalidateQueries({ queryKey: allTeamsQueryKey });
      toast({ title: 'Team created', description: `${team.name} is ready.`, color: 'success' });
      await navigate({ to: '/system/teams/$slug/home', params: { slug: team.friendlyId } });
    } catch (error) {
      showFormError(error, form.setError, fieldNames);
    }
  });

  return (
    <Card className="max-w-2xl">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <CardContent className="grid gap-5">
          <FormField label="Team name" error={errors.name?.message} required>
            <Input
              autoComplete="off"
              {...nameField}
              onChange={(event) => {
                void nameField.onChange(event);
                // Suggest the friendly id from the name until it is edited by hand.
                if (!form.getFieldState('friendlyId').isDirty) {
                  form.setValue('friendlyId', friendlyIdFrom(event.target.value));
                }
              }}
            />
          </FormField>
          <FormField
            label="Friendly id"
            description="Used in the team's addresses, e.g. /teams/acme/home. Lowercase letters, digits and hyphens."
            error={errors.friendlyId?.message}
            required
          >
            <Input autoComplete="off" spellCheck={false} className="font-mono" {...form.register('friendlyId')} />
          </FormField>
          <FormField
            label="Owner email"
            description="The account that owns the team. Leave empty to own it yourself."
            error={errors.ownerEmail?.message}
          >
            <Input type="email" autoComplete="off" spellCheck={false} {...form.register('ownerEmail')} />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={addTeam.isPending}>
            Create team
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

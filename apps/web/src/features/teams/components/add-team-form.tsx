import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useAddTeam } from '../api/add-team';
import { teamFormSchema, type TeamFormValues } from '../team-schemas';
import { TeamDetailsFields, teamFieldErrorsOf } from './team-details-fields';

/** Creates a team owned by the signed-in user, then hands over its friendly id. */
export function AddTeamForm({ onCreated }: { onCreated: (friendlyId: string) => void }) {
  const addTeam = useAddTeam();
  const [derivesFriendlyId, setDerivesFriendlyId] = useState(true);
  const form = useForm<TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    defaultValues: { name: '', friendlyId: '', logoUrl: '' },
  });

  const submit = form.handleSubmit((values) =>
    addTeam.mutate(
      { name: values.name, friendlyId: values.friendlyId, logoUrl: values.logoUrl || null },
      {
        onSuccess: (team) => {
          toast({ title: 'Team created', description: `You own ${team.name}.`, color: 'success', icon: CheckIcon });
          onCreated(team.friendlyId);
        },
        onError: (error) => {
          const fieldErrors = teamFieldErrorsOf(error);
          if (fieldErrors) {
            for (const [field, message] of Object.entries(fieldErrors)) {
              form.setError(field as keyof TeamFormValues, { message }, { shouldFocus: true });
            }
          } else {
            const parsed = parseError(error);
            toast({ title: parsed.title, description: parsed.message, color: 'error' });
          }
        },
      },
    ),
  );

  return (
    <Card className="max-w-2xl">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CardContent className="grid gap-5">
          <TeamDetailsFields
            form={form}
            derivesFriendlyId={derivesFriendlyId}
            onFriendlyIdEdited={() => setDerivesFriendlyId(false)}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button asChild color="neutral" variant="outline">
            <AppLink href="/dashboard">Cancel</AppLink>
          </Button>
          <Button type="submit" loading={addTeam.isPending}>
            Create team
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

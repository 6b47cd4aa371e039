import { teamFormSchema, type TeamFormValues } from '@dxp/contracts/teams';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CancelOrSubmitFooter } from '@/components/cancel-or-submit-footer';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useAddTeam } from '../api/add-team';
import { TeamDetailsFields, teamFieldErrorsOf } from './team-details-fields';

export interface AddTeamFormProps {
  /** Called with the new team's friendly id, to open it. */
  onCreated: (friendlyId: string) => void;
  /** System administrators create teams for any account, named by email; everyone else owns what they create. */
  forAnyOwner?: boolean;
  /** Where Cancel leads. */
  cancelHref: string;
}

/** Creates a team: the person's own ("Create a team") and the system administrators' ("Add team"). */
export function AddTeamForm({ onCreated, forAnyOwner = false, cancelHref }: AddTeamFormProps) {
  const addTeam = useAddTeam();
  const [derivesFriendlyId, setDerivesFriendlyId] = useState(true);
  const form = useForm<TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    defaultValues: { name: '', friendlyId: '', logoUrl: '', ...(forAnyOwner ? { ownerEmail: '' } : {}) },
  });

  const submit = form.handleSubmit((values) =>
    addTeam.mutate(
      {
        name: values.name,
        friendlyId: values.friendlyId,
        logoUrl: values.logoUrl || null,
        ...(forAnyOwner ? { ownerEmail: values.ownerEmail || null } : {}),
      },
      {
        onSuccess: (team) => {
          const description = forAnyOwner ? `${team.name} is ready.` : `You own ${team.name}.`;
          toast({ title: 'Team created', description, color: 'success', icon: CheckIcon });
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
          {forAnyOwner && (
            <FormField
              label="Owner email"
              description="The account that owns the team. Leave empty to own it yourself."
              error={form.formState.errors.ownerEmail?.message}
            >
              <Input type="email" autoComplete="off" spellCheck={false} {...form.register('ownerEmail')} />
            </FormField>
          )}
        </CardContent>
        <CancelOrSubmitFooter cancelHref={cancelHref} isPending={addTeam.isPending} submitLabel="Create team" />
      </form>
    </Card>
  );
}

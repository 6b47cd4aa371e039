import { teamFormSchema, type TeamFormValues } from '@dxp/contracts/teams';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon, Trash2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { SaveChangesFooter } from '@/components/ui/save-changes-footer';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useDeleteTeam } from '../api/delete-team';
import { useForgetTeam } from '../api/forget-team';
import type { Team } from '../api/get-team-by-friendly-id';
import { useUpdateTeam } from '../api/update-team';
import { useUpdateTeamMeta } from '../api/update-team-meta';
import type { TeamPermissions } from '../team-roles';
import { TeamDetailsFields, teamFieldErrorsOf } from './team-details-fields';

function showFailure(error: unknown) {
  const parsed = parseError(error);
  toast({ title: parsed.title, description: parsed.message, color: 'error' });
}

export interface TeamSettingsPanelProps {
  team: Team;
  permissions: TeamPermissions;
  /** After a save: the (possibly new) friendly id, to move to the team's new address. */
  onSaved: (friendlyId: string) => void;
  /** Moves away from the deleted team's screens (to the dashboard or the team list). */
  onDeleted: () => Promise<unknown>;
}

export function TeamSettingsPanel({ team, permissions, onSaved, onDeleted }: TeamSettingsPanelProps) {
  return (
    <div className="grid max-w-2xl gap-8">
      <TeamDetailsCard team={team} onSaved={onSaved} />
      <TeamMetaCard team={team} />
      {permissions.canDisable && <TeamStatusCard team={team} />}
      {permissions.canTransferAndDelete && <DeleteTeamCard team={team} onDeleted={onDeleted} />}
    </div>
  );
}

function TeamDetailsCard({ team, onSaved }: { team: Team; onSaved: (friendlyId: string) => void }) {
  const updateTeam = useUpdateTeam();
  const form = useForm<TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    values: { name: team.name, friendlyId: team.friendlyId, logoUrl: team.logoUrl ?? '' },
  });
  const { isDirty } = form.formState;
  const unsavedChanges = useUnsavedChangesGuard(isDirty);
  const submit = form.handleSubmit((values) =>
    updateTeam.mutate(
      {
        teamFriendlyId: team.friendlyId,
        name: values.name,
        friendlyId: values.friendlyId,
        logoUrl: values.logoUrl || null,
      },
      {
        onSuccess: (saved) => {
          toast({ title: 'Team saved', description: saved.name, color: 'success', icon: CheckIcon });
          // A new address moves the page to it; the saved form may go.
          unsavedChanges.allowLeaving();
          onSaved(saved.friendlyId);
        },
        onError: (error) => {
          const fieldErrors = teamFieldErrorsOf(error);
          if (!fieldErrors) return showFailure(error);
          for (const [field, message] of Object.entries(fieldErrors)) {
            form.setError(field as keyof TeamFormValues, { message }, { shouldFocus: true });
          }
        },
      },
    ),
  );
  return (
    <Card>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CardHeader>
          <CardTitle>Details</CardTitle>
          <CardDescription>Changing the address changes every link to the team.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <TeamDetailsFields form={form} />
        </CardContent>
        <SaveChangesFooter isChanged={isDirty} isPending={updateTeam.isPending} saveLabel="Save details" />
      </form>
      {unsavedChanges.dialog}
    </Card>
  );
}

function TeamStatusCard({ team }: { team: Team }) {
  const updateTeam = useUpdateTeam();
  const enabled = !team.enabled;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status</CardTitle>
        <CardDescription>
          {team.enabled
            ? 'The team is enabled: its members see it and its bookmarks.'
            : 'The team is disabled: only system administrators see it.'}
        </CardDescription>
      </CardHeader>
      <CardFooter className="mt-6 justify-end">
        <Button
          color={team.enabled ? 'warning' : 'primary'}
          variant="outline"
          loading={updateTeam.isPending}
          onClick={() =>
            updateTeam.mutate(
              { teamFriendlyId: team.friendlyId, enabled },
              {
                onSuccess: () =>
                  toast({
                    title: enabled ? 'Team enabled' : 'Team disabled',
                    description: team.name,
                    color: 'success',
                  }),
                onError: showFailure,
              },
            )
          }
        >
          {team.enabled ? 'Disable team' : 'Enable team'}
        </Button>
      </CardFooter>
    </Card>
  );
}

const metaFormSchema = z.object({
  meta: z.string().superRefine((text, context) => {
    try {
      const value: unknown = JSON.parse(text || '{}');
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        context.addIssue({ code: 'custom', message: 'Meta must be a JSON object, like {"costCentre": "R&D"}.' });
      }
    } catch (error) {
      context.addIssue({ code: 'custom', message: `This is not valid JSON: ${(error as Error).message}` });
    }
  }),
});
type MetaFormValues = z.infer<typeof metaFormSchema>;

function TeamMetaCard({ team }: { team: Team }) {
  const updateTeamMeta = useUpdateTeamMeta();
  const form = useForm<MetaFormValues>({
    resolver: zodResolver(metaFormSchema),
    values: { meta: JSON.stringify(team.meta ?? {}, null, 2) },
  });
  const { isDirty } = form.formState;
  const unsavedChanges = useUnsavedChangesGuard(isDirty);
  const submit = form.handleSubmit((values) =>
    updateTeamMeta.mutate(
      { teamFriendlyId: team.friendlyId, meta: JSON.parse(values.meta || '{}') },
      {
        onSuccess: () => toast({ title: 'Meta saved', color: 'success', icon: CheckIcon }),
        onError: (error) => {
          const message = parseError(error).fieldErrors?.meta;
          if (message) form.setError('meta', { message });
          else showFailure(error);
        },
      },
    ),
  );
  return (
    <Card>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CardHeader>
          <CardTitle>Meta</CardTitle>
          <CardDescription>Extra facts about the team as a JSON object, for integrations and reports.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="Meta (JSON)" error={form.formState.errors.meta?.message}>
            <Textarea rows={6} spellCheck={false} className="font-mono text-xs" {...form.register('meta')} />
          </FormField>
        </CardContent>
        <SaveChangesFooter isChanged={isDirty} isPending={updateTeamMeta.isPending} saveLabel="Save meta" />
      </form>
      {unsavedChanges.dialog}
    </Card>
  );
}

function DeleteTeamCard({ team, onDeleted }: { team: Team; onDeleted: () => Promise<unknown> }) {
  const deleteTeam = useDeleteTeam();
  const forgetTeam = useForgetTeam();
  const deleteAndExit = async () => {
    await deleteTeam.mutateAsync(team.friendlyId);
    toast({ title: 'Team deleted', description: team.name, color: 'success' });
    await onDeleted();
    await forgetTeam(team.friendlyId);
  };
  return (
    <Card className="border-error/40">
      <CardHeader>
        <CardTitle>Delete team</CardTitle>
        <CardDescription>
          Removes the team, its members, invites and bookmarks for everyone. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardFooter className="mt-6 justify-end">
        <ConfirmActionDialog
          trigger={
            <Button color="error">
              <Trash2Icon aria-hidden />
              Delete team
            </Button>
          }
          title={`Delete ${team.name}?`}
          description="Everyone loses access to the team and its bookmarks at once."
          confirmLabel="Delete team"
          confirmationText={team.friendlyId}
          action={deleteAndExit}
        />
      </CardFooter>
    </Card>
  );
}

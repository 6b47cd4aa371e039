import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { CheckCircle2Icon, MailIcon, RefreshCwIcon, Trash2Icon, XCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useCreateInvite, type InviteResult } from '../api/create-invite';
import { useDeleteInvite } from '../api/delete-invite';
import type { Team } from '../api/get-team-by-friendly-id';
import { teamInvitesQueryOptions, type TeamInvite } from '../api/get-team-invites';
import { useResendInvite } from '../api/resend-invite';
import { teamRoleLabels } from '@/lib/team-roles';
import { readInviteDraft, sessionDraftStorage, writeInviteDraft } from '../invite-draft';
import { RoleSelect } from './role-select';

// The server takes at most 50 addresses at once and judges each one; invalid ones fail on their own.
const maxInviteEmails = 50;

/** "a@x.com, b@y.com\nc@z.com" → the distinct addresses, in order. */
export function emailsFromText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((email) => email.trim())
        .filter(Boolean),
    ),
  ];
}

const inviteFormSchema = z.object({
  emails: z
    .string()
    .refine((text) => emailsFromText(text).length > 0, 'Enter at least one email address.')
    .refine(
      (text) => emailsFromText(text).length <= maxInviteEmails,
      `Invite at most ${maxInviteEmails} people at once.`,
    ),
  teamRole: z.enum(['TeamMember', 'TeamAdmin']),
});
type InviteFormValues = z.infer<typeof inviteFormSchema>;

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** Invite several people at once (one result per address), then the invites still open. */
export function InvitePanel({ team }: { team: Team }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <InviteForm team={team} />
      <PendingInvites team={team} />
    </div>
  );
}

function InviteForm({ team }: { team: Team }) {
  const createInvite = useCreateInvite();
  const [results, setResults] = useState<InviteResult[] | null>(null);
  // What was typed before a reload, until it is sent.
  const [draft] = useState(() => readInviteDraft(sessionDraftStorage(), team.friendlyId));
  const form = useForm<InviteFormValues>({ resolver: zodResolver(inviteFormSchema), defaultValues: draft });
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) =>
          writeInviteDraft(sessionDraftStorage(), team.friendlyId, {
            emails: values.emails,
            teamRole: values.teamRole,
          }),
      }),
    [form, team.friendlyId],
  );

  const submit = form.handleSubmit((values) =>
    createInvite.mutate(
      { teamFriendlyId: team.friendlyId, emails: emailsFromText(values.emails), teamRole: values.teamRole },
      {
        onSuccess: (payload) => {
          setResults(payload.results);
          const failedEmails = payload.results.filter((result) => !result.success).map((result) => result.email);
          // Keep the addresses that failed in the box (and the draft), to correct and send again.
          const remaining = { emails: failedEmails.join('\n'), teamRole: values.teamRole };
          form.reset(remaining);
          writeInviteDraft(sessionDraftStorage(), team.friendlyId, remaining);
          toast({
            title: payload.successCount === 1 ? '1 invite sent' : `${payload.successCount} invites sent`,
            description: failedEmails.length > 0 ? `${failedEmails.length} could not be invited.` : undefined,
            color: failedEmails.length > 0 ? 'warning' : 'success',
          });
        },
        onError: (error) => {
          const parsed = parseError(error);
          const message = parsed.fieldErrors?.emails;
          if (message) form.setError('emails', { message });
          else toast({ title: parsed.title, description: parsed.message, color: 'error' });
        },
      },
    ),
  );

  return (
    <Card>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CardHeader>
          <CardTitle>Invite people</CardTitle>
          <CardDescription>
            They get a notification, and an email when mail is set up. Invites last 14 days.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField
            label="Email addresses"
            required
            error={form.formState.errors.emails?.message}
            description="One per line, or separated by commas."
          >
            <Textarea rows={5} placeholder={'ada@example.com\ngrace@example.com'} {...form.register('emails')} />
          </FormField>
          <FormField label="Role">
            <RoleSelect className="h-9 w-full sm:w-48" {...form.register('teamRole')} />
          </FormField>
          {results && <InviteResults results={results} />}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={createInvite.isPending}>
            <MailIcon aria-hidden />
            Send invites
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function InviteResults({ results }: { results: InviteResult[] }) {
  return (
    <div role="status" className="grid gap-2">
      <h3 className="text-sm font-medium">Results</h3>
      <ul aria-label="Invite results" className="divide-y rounded-lg border text-sm">
        {results.map((result) => (
          <li key={result.email} className="flex items-start gap-2 px-3 py-2">
            {result.success ? (
              <CheckCircle2Icon aria-hidden className="mt-0.5 size-4 shrink-0 tone-success text-tone-text" />
            ) : (
              <XCircleIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-error-text" />
            )}
            <span className="grid min-w-0 gap-0.5">
              <span className="truncate font-medium">{result.email}</span>
              <span className={result.success ? 'text-muted-foreground' : 'text-error-text'}>
                {result.success ? 'Invited' : (result.error ?? 'Not invited')}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PendingInvites({ team }: { team: Team }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useQuery(teamInvitesQueryOptions(graphqlClient, team.friendlyId));
  return (
    <section aria-labelledby="pending-invites-heading" className="grid gap-3">
      <h2 id="pending-invites-heading" className="text-lg font-semibold">
        Pending invites
      </h2>
      {query.isPending ? (
        <Skeleton className="h-40 w-full rounded-xl" />
      ) : query.isError ? (
        <EmptyState
          icon={MailIcon}
          title="The invites could not be loaded"
          text={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : query.data.length === 0 ? (
        <EmptyState icon={MailIcon} title="No pending invites" text="Invites waiting for an answer appear here." />
      ) : (
        <ul className="divide-y rounded-xl border bg-surface shadow-xs">
          {query.data.map((invite) => (
            <PendingInviteRow key={invite.id} teamFriendlyId={team.friendlyId} invite={invite} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingInviteRow({ teamFriendlyId, invite }: { teamFriendlyId: string; invite: TeamInvite }) {
  const resendInvite = useResendInvite(teamFriendlyId);
  const deleteInvite = useDeleteInvite(teamFriendlyId);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const showFailure = (error: unknown) => {
    const parsed = parseError(error);
    toast({ title: parsed.title, description: parsed.message, color: 'error' });
  };
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="truncate text-sm font-medium">{invite.email}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>{teamRoleLabels[invite.teamRole]}</span>
          <span aria-hidden>·</span>
          {invite.isExpired ? (
            <Badge color="warning" variant="soft" size="sm">
              Expired
            </Badge>
          ) : (
            <span>Expires {dateFormat.format(new Date(invite.expiresAt))}</span>
          )}
          {invite.invitedByName && (
            <>
              <span aria-hidden>·</span>
              <span className="min-w-0 truncate">Sent by {invite.invitedByName}</span>
            </>
          )}
        </span>
      </div>
      <div className="flex gap-2">
        <Button
          color="neutral"
          variant="outline"
          size="sm"
          aria-label={`Resend the invite to ${invite.email}`}
          loading={resendInvite.isPending}
          onClick={() =>
            resendInvite.mutate(invite.id, {
              onSuccess: () => toast({ title: 'Invite sent again', description: invite.email, color: 'success' }),
              onError: showFailure,
            })
          }
        >
          <RefreshCwIcon aria-hidden />
          Resend
        </Button>
        <ConfirmDialog
          open={isDeleteOpen}
          onOpenChange={setIsDeleteOpen}
          trigger={
            <Button color="error" variant="ghost" size="sm" square aria-label={`Delete the invite to ${invite.email}`}>
              <Trash2Icon aria-hidden />
            </Button>
          }
          title="Delete this invite?"
          description={`${invite.email} will no longer be able to join with it.`}
          confirmLabel="Delete invite"
          isPending={deleteInvite.isPending}
          onConfirm={async () => {
            // Awaited rather than `mutate` callbacks: the refetched list drops this row before those would run.
            try {
              await deleteInvite.mutateAsync(invite.id);
            } catch (error) {
              showFailure(error);
              return;
            }
            setIsDeleteOpen(false);
            toast({ title: 'Invite deleted', description: invite.email, color: 'success' });
          }}
        />
      </div>
    </li>
  );
}

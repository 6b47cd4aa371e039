import {
  requestAccessFormSchema,
  requestMessageMaxLength,
  type RequestAccessFormValues,
} from '@dxp/contracts/request-access';
import type { ChangeEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { InfoIcon, SendIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { PersonNameFields, personNameFieldsOf } from '@/components/person-name-fields';
import { CheckboxField } from '@/components/checkbox-field';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, inputClassName } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { showFormError } from '@/lib/form-errors';
import { GraphQLRequestError } from '@/lib/graphql-client';
import type { AppInfoTeam } from '../api/app-info';
import type { RequestAccessInfo } from '../api/get-app-info-for-request';
import { useRequestApplicationAccess } from '../api/request-application-access';
import { TermsReference } from './application-detail';
import { teamLabel } from '@/lib/team-label';

const serverFieldNames = [
  'teamFriendlyId',
  'firstName',
  'lastName',
  'contactEmail',
  'contactPhone',
  'message',
  'acceptTerms',
] as const satisfies (keyof RequestAccessFormValues)[];

/** A team may ask unless it already has the application or is waiting for an answer. */
export function canTeamRequest(team: Pick<AppInfoTeam, 'status' | 'hasPendingRequest'>): boolean {
  return team.status == null && !team.hasPendingRequest;
}

/** The team a request is for: the one named in the URL if the caller is in it, else the first that may ask. */
export function requestTeamOf(teams: AppInfoTeam[], requested: string | undefined): string | undefined {
  if (requested && teams.some((team) => team.friendlyId === requested)) return requested;
  return (teams.find(canTeamRequest) ?? teams[0])?.friendlyId;
}

function teamOptionLabel(team: AppInfoTeam): string {
  if (team.status) return `${teamLabel(team)}, already has it`;
  if (team.hasPendingRequest) return `${teamLabel(team)}, request pending`;
  return teamLabel(team);
}

export interface RequestAccessFormProps {
  application: { id: string; name: string; termsLink?: string | null; termsDate?: string | null };
  /** The caller's teams (AppInfo.myTeams); there is at least one. */
  teams: AppInfoTeam[];
  teamFriendlyId: string;
  /** GetAppInfoForRequest for `teamFriendlyId`: the contact details to start from and why it may not be possible. */
  info: RequestAccessInfo;
  /** True while `info` still belongs to the previously chosen team. */
  isInfoStale?: boolean;
  onTeamChange: (teamFriendlyId: string) => void;
  onRequested: (requestId: string) => void;
}

/**
 * Asks the administrators for an application for one of the caller's teams: the team, contact details
 * (prefilled from the profile), an optional message and, when the application has terms, their acceptance.
 */
export function RequestAccessForm({
  application,
  teams,
  teamFriendlyId,
  info,
  isInfoStale = false,
  onTeamChange,
  onRequested,
}: RequestAccessFormProps) {
  const hasTerms = Boolean(application.termsLink);
  const requestAccess = useRequestApplicationAccess();
  const form = useForm<RequestAccessFormValues>({
    resolver: zodResolver(requestAccessFormSchema({ hasTerms })),
    defaultValues: {
      teamFriendlyId,
      firstName: info.firstName ?? '',
      lastName: info.lastName ?? '',
      contactEmail: info.email,
      contactPhone: info.phoneNumber ?? '',
      message: '',
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;
  const notPossible = isInfoStale ? null : info.errorMessage;
  const teamName = teams.find((team) => team.friendlyId === teamFriendlyId)?.name ?? info.teamName;

  const onSubmit = form.handleSubmit((values) =>
    requestAccess.mutate(
      { ...values, appId: application.id, contactPhone: values.contactPhone || null, message: values.message || null },
      {
        onSuccess: (request) => {
          toast({
            title: 'Request sent',
            description: `An administrator will review ${application.name} for ${teamName}. You will be notified of the decision.`,
            color: 'success',
          });
          onRequested(request.id);
        },
        onError: (error) => {
          if (error instanceof GraphQLRequestError && error.code === 'DUPLICATE_VALUE') {
            form.setError(
              'teamFriendlyId',
              {
                type: 'server',
                message: `${teamName} already has a pending request for ${application.name}. You will be notified when it is decided.`,
              },
              { shouldFocus: true },
            );
            return;
          }
          showFormError(error, form.setError, serverFieldNames);
        },
      },
    ),
  );

  return (
    <Card>
      <form noValidate aria-labelledby="request-access-title" onSubmit={(event) => void onSubmit(event)}>
        <CardHeader>
          <CardTitle id="request-access-title">Your request</CardTitle>
          <CardDescription>
            A system administrator reviews it; you get a notification with their decision.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            label="Team"
            description="Applications are granted to a whole team."
            error={errors.teamFriendlyId?.message}
            required
            className="sm:col-span-2"
          >
            <select
              className={cn(inputClassName, 'h-9')}
              {...form.register('teamFriendlyId', {
                onChange: (event: ChangeEvent<HTMLSelectElement>) => onTeamChange(event.target.value),
              })}
            >
              {teams.map((team) => (
                <option key={team.friendlyId} value={team.friendlyId}>
                  {teamOptionLabel(team)}
                </option>
              ))}
            </select>
          </FormField>
          <div aria-live="polite" className={cn('sm:col-span-2', !notPossible && 'hidden')}>
            {notPossible && (
              <Callout color="info" icon={InfoIcon}>
                {notPossible}
              </Callout>
            )}
          </div>
          <PersonNameFields {...personNameFieldsOf(form)} isOwnName />
          <FormField label="Contact email" error={errors.contactEmail?.message} required>
            <Input type="email" autoComplete="email" {...form.register('contactEmail')} />
          </FormField>
          <FormField label="Contact phone" description="Optional." error={errors.contactPhone?.message}>
            <Input type="tel" autoComplete="tel" {...form.register('contactPhone')} />
          </FormField>
          <FormField
            label="Message"
            description={`Optional: what the team needs it for (at most ${requestMessageMaxLength} characters).`}
            error={errors.message?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={4} {...form.register('message')} />
          </FormField>
          {hasTerms && (
            <div className="grid gap-2 sm:col-span-2">
              <CheckboxField
                id="request-accept-terms"
                label={`I accept the terms of use of ${application.name}`}
                description={<TermsReference termsLink={application.termsLink} termsDate={application.termsDate} />}
                aria-describedby="request-accept-terms-error"
                aria-invalid={errors.acceptTerms ? true : undefined}
                {...form.register('acceptTerms')}
              />
              {errors.acceptTerms?.message && (
                <p id="request-accept-terms-error" className="text-sm text-error-text">
                  {errors.acceptTerms.message}
                </p>
              )}
            </div>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={requestAccess.isPending} disabled={Boolean(notPossible) || isInfoStale}>
            <SendIcon aria-hidden />
            Send request
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

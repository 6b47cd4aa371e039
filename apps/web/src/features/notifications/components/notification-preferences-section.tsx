import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { BellIcon, MailXIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useTranslation } from '@/lib/i18n';
import {
  getMyNotificationPreferencesQueryOptions,
  type NotificationDelivery,
  type NotificationPreference,
  useSetMyNotificationPreference,
} from '../api/notification-preferences';

const typeKeys = {
  TeamInvite: 'team_invite',
  TeamInviteDeclined: 'team_invite_declined',
  AppRequestCreated: 'app_request_created',
  AppRequestApproved: 'app_request_approved',
  AppRequestRejected: 'app_request_rejected',
  TeamRoleChanged: 'team_role_changed',
  TeamMemberRemoved: 'team_member_removed',
  TeamOwnershipTransferred: 'team_ownership_transferred',
  ContactMessage: 'contact_message',
  AccountSecurity: 'account_security',
} as const;
type TypeKey = (typeof typeKeys)[keyof typeof typeKeys];

const keyOf = (type: string): TypeKey | undefined => typeKeys[type as keyof typeof typeKeys];

/** A type this build has no words for yet reads as its name split into words ("NewSignIn" → "New sign in"). */
function wordsOf(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Narrow on a phone, so the type's name and hint keep most of the width. */
const switchColumn = 'w-16 px-2 text-center sm:w-20 sm:px-4';

const deliveryOf = (inPortal: boolean, byEmail: boolean): NotificationDelivery =>
  inPortal && byEmail ? 'BOTH' : byEmail ? 'EMAIL' : 'PORTAL';

/**
 * The person's choice, type by type, of where notifications reach them: in the portal, by email, or both.
 * Each switch saves at once; at least one of the two stays on.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const preferences = useQuery(getMyNotificationPreferencesQueryOptions(graphqlClient));
  const emailAvailable = preferences.data?.myNotificationPreferences.emailAvailable ?? true;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('components.notification_preferences.title')}</CardTitle>
        <CardDescription>{t('components.notification_preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isPending ? (
          <div aria-busy className="grid gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : preferences.isError ? (
          <EmptyState
            icon={BellIcon}
            title={t('components.notification_preferences.load_failed')}
            text={parseError(preferences.error).message}
            action={
              <Button color="neutral" variant="outline" size="sm" onClick={() => void preferences.refetch()}>
                {t('components.notification_preferences.try_again')}
              </Button>
            }
          />
        ) : (
          <>
            {!emailAvailable && (
              <Callout icon={MailXIcon}>{t('components.notification_preferences.email_unavailable')}</Callout>
            )}
            <Table>
              <TableCaption>{t('components.notification_preferences.caption')}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('components.notification_preferences.type')}</TableHead>
                  <TableHead className={switchColumn}>{t('components.notification_preferences.portal')}</TableHead>
                  <TableHead className={switchColumn}>{t('components.notification_preferences.email')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preferences.data.myNotificationPreferences.preferences.map((preference) => (
                  <PreferenceRow key={preference.type} preference={preference} emailAvailable={emailAvailable} />
                ))}
              </TableBody>
            </Table>
            <p className="text-xs text-muted-foreground">{t('components.notification_preferences.one_needed')}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PreferenceRow({
  preference,
  emailAvailable,
}: {
  preference: NotificationPreference;
  emailAvailable: boolean;
}) {
  const { t } = useTranslation();
  const setPreference = useSetMyNotificationPreference();
  const key = keyOf(preference.type);
  const label = key ? t(`components.notification_preferences.types.${key}.label`) : wordsOf(preference.type);
  const hint = key ? t(`components.notification_preferences.types.${key}.hint`) : undefined;
  // While saving, the switches show the new position; a refusal puts them back.
  const shown = setPreference.isPending ? setPreference.variables.delivery : preference.delivery;
  const inPortal = shown !== 'EMAIL';
  const byEmail = shown !== 'PORTAL';

  const save = (delivery: NotificationDelivery) =>
    setPreference.mutate(
      { type: preference.type, delivery },
      {
        onSuccess: () =>
          toast({
            title: t('components.notification_preferences.saved', { type: label }),
            description: t(`components.notification_preferences.saved_${delivery}`),
            color: 'success',
          }),
        onError: (error) => {
          const { title, message } = parseError(error);
          toast({ title, description: message, color: 'error' });
        },
      },
    );

  return (
    <TableRow>
      <TableCell className="whitespace-normal">
        <div className="font-medium">{label}</div>
        {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
      </TableCell>
      <TableCell className={switchColumn}>
        <Switch
          checked={inPortal}
          // The last channel on stays on: a notification goes somewhere.
          disabled={inPortal && !byEmail}
          aria-label={t('components.notification_preferences.portal_for', { type: label })}
          aria-busy={setPreference.isPending || undefined}
          onCheckedChange={(checked) => save(deliveryOf(checked, byEmail))}
        />
      </TableCell>
      <TableCell className={switchColumn}>
        <Switch
          checked={byEmail}
          disabled={!emailAvailable || (byEmail && !inPortal)}
          aria-label={t('components.notification_preferences.email_for', { type: label })}
          aria-busy={setPreference.isPending || undefined}
          onCheckedChange={(checked) => save(deliveryOf(inPortal, checked))}
        />
      </TableCell>
    </TableRow>
  );
}

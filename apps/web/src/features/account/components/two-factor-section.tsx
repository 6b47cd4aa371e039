import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import {
  type RemoveTotpFormValues,
  removeTotpFormSchema,
  type TotpSetupFormValues,
  totpSetupFormSchema,
} from '@dxp/contracts/second-factors';
import { CopyIcon, DownloadIcon, RefreshCwIcon, ShieldCheckIcon, ShieldIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { QueryContent } from '@/components/query-content';
import { RelativeTime } from '@/components/relative-time';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { CopyableValue } from '@/components/ui/copyable-value';
import { EmptyState } from '@/components/ui/empty-state';
import { FormDialog, ShownOnceDialog, useFormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { showFormError } from '@/lib/form-errors';
import { parseError } from '@/lib/graphql-client';
import { useTranslation } from '@/lib/i18n';
import {
  getMySecondFactorsQueryOptions,
  useConfirmTotpEnrolment,
  useRegenerateRecoveryCodes,
  useRemoveTotp,
  useStartTotpEnrolment,
} from '../api/second-factors';
import { CredentialRow } from './credential-row';

/** Two-factor authentication: an authenticator app with its recovery codes, at the built-in provider. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const status = useQuery(getMySecondFactorsQueryOptions(graphqlClient));
  const factors = status.data?.mySecondFactors;
  // Kept here, not in the set-up dialog: turning the app on refetches the card, which replaces that dialog.
  const [newCodes, setNewCodes] = useState<string[]>();

  return (
    // The security notifications' action leads here (features/notifications/notification-kinds.ts).
    <SectionCard
      id="security"
      className="scroll-mt-20"
      title={
        <>
          {t('components.two_factor.title')}
          {factors?.totpEnabledAt && (
            <Badge color="success" variant="soft">
              {t('components.two_factor.on')}
            </Badge>
          )}
        </>
      }
      description={t('components.two_factor.description')}
      contentClassName="grid gap-4"
    >
      <QueryContent query={status} icon={ShieldIcon} failedTitle={t('components.two_factor.load_failed')}>
        {({ mySecondFactors }) =>
          !mySecondFactors?.managedHere ? (
            <Callout color="info" icon={ShieldIcon}>
              {t('components.two_factor.external')}
            </Callout>
          ) : mySecondFactors.totpEnabledAt ? (
            <div className="grid gap-4">
              <CredentialRow
                as="div"
                className="rounded-lg border"
                icon={ShieldCheckIcon}
                iconClassName="tone-success text-tone-text"
                name={t('components.two_factor.app')}
                dates={
                  <>
                    <RelativeTime
                      dateTime={mySecondFactors.totpEnabledAt}
                      prefix={t('components.two_factor.enabled')}
                    />
                    {' · '}
                    {t('components.two_factor.codes_left', { count: mySecondFactors.recoveryCodesLeft })}
                  </>
                }
                actions={
                  <>
                    <RegenerateCodesButton />
                    {!mySecondFactors.required && <RemoveTotpDialog />}
                  </>
                }
              />
              {mySecondFactors.required && (
                <p className="text-sm text-muted-foreground">{t('components.two_factor.required_note')}</p>
              )}
            </div>
          ) : (
            <EmptyState
              icon={ShieldIcon}
              title={t('components.two_factor.empty_title')}
              text={
                mySecondFactors.required
                  ? t('components.two_factor.required_text')
                  : t('components.two_factor.empty_text')
              }
              action={<SetUpTotpDialog onEnabled={setNewCodes} />}
            />
          )
        }
      </QueryContent>
      <NewRecoveryCodesDialog codes={newCodes} onClose={() => setNewCodes(undefined)} />
    </SectionCard>
  );
}

/** The codes shown once, to copy or download as a text file. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('components.two_factor.codes_copied'), color: 'success' });
    } catch {
      toast({ title: t('components.two_factor.copy_failed'), color: 'error' });
    }
  }

  function download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'dxp-portal-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <div className="grid gap-3">
      <ul
        aria-label={t('components.two_factor.codes_label')}
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg border bg-muted px-4 py-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button color="neutral" variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon aria-hidden />
          {t('components.two_factor.copy_codes')}
        </Button>
        <Button color="neutral" variant="outline" size="sm" onClick={download}>
          <DownloadIcon aria-hidden />
          {t('components.two_factor.download_codes')}
        </Button>
      </div>
    </div>
  );
}

function SetUpTotpDialog({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const dialog = useFormDialog<TotpSetupFormValues>(
    { resolver: zodResolver(totpSetupFormSchema), defaultValues: { code: '' } },
    () => {
      start.reset();
      confirm.reset();
    },
  );
  const { form } = dialog;
  const enrolment = start.data?.startTotpEnrolment;

  function changeOpen(open: boolean) {
    dialog.changeOpen(open);
    if (open) {
      start.mutate(undefined, {
        onError: (error) => {
          const { title, message } = parseError(error);
          toast({ title, description: message, color: 'error' });
          dialog.changeOpen(false);
        },
      });
    }
  }

  async function submit({ code }: TotpSetupFormValues) {
    let codes: string[];
    try {
      codes = (await confirm.mutateAsync(code)).confirmTotpEnrolment.codes;
    } catch (error) {
      showFormError(error, form.setError, ['code']);
      return;
    }
    toast({ title: t('components.two_factor.turned_on'), color: 'success' });
    changeOpen(false);
    onEnabled(codes);
  }

  return (
    <FormDialog
      {...dialog.dialogProps(submit)}
      onOpenChange={changeOpen}
      trigger={
        <Button size="sm">
          <ShieldCheckIcon aria-hidden />
          {t('components.two_factor.set_up')}
        </Button>
      }
      title={t('components.two_factor.set_up_title')}
      description={t('components.two_factor.set_up_description')}
      submitLabel={t('components.two_factor.turn_on')}
      isPending={confirm.isPending}
      canSubmit={enrolment !== undefined}
    >
      {enrolment ? (
        <>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
            alt={t('components.two_factor.qr_alt')}
            className="mx-auto size-48 rounded-lg border bg-white p-1"
          />
          <CopyableValue
            label={t('components.two_factor.secret_label')}
            value={enrolment.secret}
            what={t('components.two_factor.secret_what')}
          />
        </>
      ) : (
        <div aria-busy className="grid justify-items-center gap-3">
          <Skeleton className="size-48" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
      <FormField
        label={t('components.two_factor.code_label')}
        description={t('components.two_factor.code_hint')}
        error={form.formState.errors.code?.message}
        required
      >
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          spellCheck={false}
          {...form.register('code')}
        />
      </FormField>
    </FormDialog>
  );
}

function RemoveTotpDialog() {
  const { t } = useTranslation();
  const remove = useRemoveTotp();
  const { form, changeOpen, dialogProps } = useFormDialog<RemoveTotpFormValues>({
    resolver: zodResolver(removeTotpFormSchema),
    defaultValues: { passwordOrCode: '' },
  });

  async function submit({ passwordOrCode }: RemoveTotpFormValues) {
    try {
      await remove.mutateAsync(passwordOrCode);
    } catch (error) {
      const { message, fieldErrors } = parseError(error);
      form.setError('passwordOrCode', { message: fieldErrors?.password ?? message });
      return;
    }
    toast({ title: t('components.two_factor.turned_off'), color: 'success' });
    changeOpen(false);
  }

  return (
    <FormDialog
      {...dialogProps(submit)}
      trigger={
        <Button color="error" variant="outline" size="sm">
          <Trash2Icon aria-hidden />
          {t('components.two_factor.remove')}
        </Button>
      }
      title={t('components.two_factor.remove_title')}
      description={t('components.two_factor.remove_description')}
      submitLabel={t('components.two_factor.remove')}
      submitColor="error"
      isPending={remove.isPending}
    >
      <FormField
        label={t('components.two_factor.remove_label')}
        error={form.formState.errors.passwordOrCode?.message}
        required
      >
        <Input type="password" autoComplete="current-password" {...form.register('passwordOrCode')} />
      </FormField>
    </FormDialog>
  );
}

function RegenerateCodesButton() {
  const { t } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const codes = regenerate.data?.regenerateRecoveryCodes.codes;

  return (
    <>
      <ConfirmActionDialog
        trigger={
          <Button color="neutral" variant="outline" size="sm">
            <RefreshCwIcon aria-hidden />
            {t('components.two_factor.regenerate')}
          </Button>
        }
        title={t('components.two_factor.regenerate_title')}
        description={t('components.two_factor.regenerate_description')}
        confirmLabel={t('components.two_factor.regenerate')}
        action={() => regenerate.mutateAsync()}
      />
      <NewRecoveryCodesDialog codes={codes} onClose={() => regenerate.reset()} />
    </>
  );
}

/** New recovery codes, shown once until the person closes the dialog. */
function NewRecoveryCodesDialog({ codes, onClose }: { codes: string[] | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      open={codes !== undefined}
      onClose={onClose}
      title={t('components.two_factor.codes_title')}
      description={t('components.two_factor.codes_description')}
      doneLabel={t('components.two_factor.done')}
    >
      {codes && <RecoveryCodes codes={codes} />}
    </ShownOnceDialog>
  );
}

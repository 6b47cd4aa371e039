import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import { type PasskeyFormValues, passkeyFormSchema } from '@dxp/contracts/passkeys';
import {
  CloudIcon,
  FingerprintIcon,
  KeyRoundIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  type LucideIcon,
} from 'lucide-react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { QueryContent } from '@/components/query-content';
import { RelativeTime } from '@/components/relative-time';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { EmptyState } from '@/components/ui/empty-state';
import { FormDialog, useFormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { showFormError } from '@/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import {
  getMyPasskeysQueryOptions,
  type MyPasskey,
  useAddPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkeys';
import { CredentialRow } from './credential-row';

/** What the browser said when it could not make a passkey: cancelled, already on this device, or failed. */
function browserProblemOf(error: unknown): 'cancelled' | 'already_registered' | 'browser_failed' | undefined {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'already_registered';
    if (error.code === 'ERROR_CEREMONY_ABORTED' || (error.cause as Error | undefined)?.name === 'NotAllowedError')
      return 'cancelled';
    return 'browser_failed';
  }
  if (error instanceof DOMException) return error.name === 'NotAllowedError' ? 'cancelled' : 'browser_failed';
  return undefined;
}

/** The person's passkeys: add one with a name, rename or remove it; each signs in without a password. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const passkeys = useQuery(getMyPasskeysQueryOptions(graphqlClient));
  const isSupported = browserSupportsWebAuthn();

  return (
    <SectionCard
      title={t('components.passkeys.title')}
      description={t('components.passkeys.description')}
      action={isSupported && (passkeys.data?.myPasskeys.length ?? 0) > 0 && <AddPasskeyDialog />}
      contentClassName="grid gap-4"
    >
      {!isSupported && (
        <Callout color="warning" icon={KeyRoundIcon}>
          {t('components.passkeys.unsupported')}
        </Callout>
      )}
      <QueryContent query={passkeys} icon={KeyRoundIcon} failedTitle={t('components.passkeys.load_failed')}>
        {({ myPasskeys }) =>
          myPasskeys.length === 0 ? (
            <EmptyState
              icon={FingerprintIcon}
              title={t('components.passkeys.empty_title')}
              text={t('components.passkeys.empty_text')}
              action={isSupported ? <AddPasskeyDialog /> : undefined}
            />
          ) : (
            <ul aria-label={t('components.passkeys.title')} className="divide-y rounded-lg border">
              {myPasskeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}

function PasskeyRow({ passkey }: { passkey: MyPasskey }) {
  const { t } = useTranslation();
  const removePasskey = useRemovePasskey();

  async function remove() {
    await removePasskey.mutateAsync(passkey.id);
    toast({ title: t('components.passkeys.removed', { name: passkey.name }), color: 'success' });
  }

  return (
    <CredentialRow
      as="li"
      icon={KeyRoundIcon}
      iconClassName="text-muted-foreground"
      name={
        <>
          <span className="truncate">{passkey.name}</span>
          {passkey.backedUp && (
            <Badge color="neutral" variant="soft">
              <CloudIcon aria-hidden />
              {t('components.passkeys.synced')}
            </Badge>
          )}
        </>
      }
      dates={
        <>
          <RelativeTime dateTime={passkey.createdAt} prefix={t('components.passkeys.added')} />
          {' · '}
          {passkey.lastUsedAt ? (
            <RelativeTime dateTime={passkey.lastUsedAt} prefix={t('components.passkeys.last_used')} />
          ) : (
            t('components.passkeys.never_used')
          )}
        </>
      }
      actions={
        <>
          <RenamePasskeyDialog passkey={passkey} />
          <ConfirmActionDialog
            trigger={
              <PasskeyButton
                color="error"
                icon={Trash2Icon}
                label={t('components.passkeys.remove')}
                passkey={passkey}
              />
            }
            title={t('components.passkeys.remove_title', { name: passkey.name })}
            description={t('components.passkeys.remove_description')}
            confirmLabel={t('components.passkeys.remove')}
            action={remove}
          />
        </>
      }
    />
  );
}

/** A passkey row's button, naming the passkey to screen readers; it opens a dialog, whose trigger passes it props. */
function PasskeyButton({
  icon: Icon,
  label,
  passkey,
  ...button
}: ButtonProps & { icon: LucideIcon; label: string; passkey: MyPasskey }) {
  return (
    <Button variant="outline" size="sm" {...button}>
      <Icon aria-hidden />
      {label}
      <span className="sr-only"> {passkey.name}</span>
    </Button>
  );
}

function AddPasskeyDialog() {
  const { t } = useTranslation();
  const addPasskey = useAddPasskey();
  const { form, changeOpen, dialogProps } = useFormDialog<PasskeyFormValues>(
    { resolver: zodResolver(passkeyFormSchema), defaultValues: { name: '' } },
    () => addPasskey.reset(),
  );

  async function add({ name }: PasskeyFormValues) {
    try {
      await addPasskey.mutateAsync(name);
    } catch (error) {
      const problem = browserProblemOf(error);
      if (problem) form.setError('root', { type: 'browser', message: t(`components.passkeys.${problem}`) });
      else showFormError(error, form.setError, ['name']);
      return;
    }
    toast({ title: t('components.passkeys.added_toast', { name }), color: 'success' });
    changeOpen(false);
  }

  return (
    <FormDialog
      {...dialogProps(add)}
      trigger={
        <Button size="sm">
          <PlusIcon aria-hidden />
          {t('components.passkeys.add')}
        </Button>
      }
      title={t('components.passkeys.add_title')}
      description={t('components.passkeys.add_description')}
      submitLabel={
        <>
          <FingerprintIcon aria-hidden />
          {t('components.passkeys.create')}
        </>
      }
      isPending={addPasskey.isPending}
    >
      <FormField
        label={t('components.passkeys.name')}
        description={t('components.passkeys.name_hint')}
        error={form.formState.errors.name?.message}
        required
      >
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      {form.formState.errors.root?.message && (
        <Callout color="error" icon={KeyRoundIcon} role="alert">
          {form.formState.errors.root.message}
        </Callout>
      )}
    </FormDialog>
  );
}

function RenamePasskeyDialog({ passkey }: { passkey: MyPasskey }) {
  const { t } = useTranslation();
  const renamePasskey = useRenamePasskey();
  const { form, changeOpen, dialogProps } = useFormDialog<PasskeyFormValues>({
    resolver: zodResolver(passkeyFormSchema),
    defaultValues: { name: passkey.name },
  });

  async function rename({ name }: PasskeyFormValues) {
    try {
      await renamePasskey.mutateAsync({ id: passkey.id, name });
    } catch (error) {
      showFormError(error, form.setError, ['name']);
      return;
    }
    changeOpen(false);
  }

  return (
    <FormDialog
      {...dialogProps(rename)}
      trigger={
        <PasskeyButton color="neutral" icon={PencilIcon} label={t('components.passkeys.rename')} passkey={passkey} />
      }
      title={t('components.passkeys.rename_title')}
      description={t('components.passkeys.name_hint')}
      submitLabel={t('components.passkeys.save')}
      isPending={renamePasskey.isPending}
    >
      <FormField label={t('components.passkeys.name')} error={form.formState.errors.name?.message} required>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
    </FormDialog>
  );
}

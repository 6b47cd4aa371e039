import { useId, useRef, useState, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Trans, useTranslation } from '@/lib/i18n';
import { Button } from './button';
import { dialogContentClassName, dialogOverlayClassName } from './dialog';
import { Input } from './input';
import { Label } from './label';

export interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the dialog (rendered as the trigger with asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** When set, the user must type exactly this text before the action is enabled (e.g. the team name). */
  confirmationText?: string;
  isPending?: boolean;
  /** May be asynchronous (awaiting a mutation); it handles its own failure, the dialog only starts it. */
  onConfirm: () => void | Promise<void>;
}

/** Asks before a destructive action. It stays open while `isPending`; close it from `onConfirm`'s success. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  confirmationText,
  isPending = false,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const confirmationInput = useRef<HTMLInputElement>(null);
  const [typedText, setTypedText] = useState('');
  const isConfirmed = confirmationText === undefined || typedText === confirmationText;

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) setTypedText('');
        onOpenChange?.(isOpen);
      }}
    >
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClassName} />
        <AlertDialog.Content
          className={dialogContentClassName}
          onOpenAutoFocus={(event) => {
            // Radix focuses Cancel; when a confirmation must be typed, start where the typing goes.
            if (confirmationInput.current) {
              event.preventDefault();
              confirmationInput.current.focus();
            }
          }}
        >
          <div className="grid gap-1.5">
            <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          </div>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (isConfirmed && !isPending) void onConfirm();
            }}
          >
            {confirmationText !== undefined && (
              <div className="grid gap-2">
                <Label htmlFor={inputId} className="font-normal">
                  <Trans
                    i18nKey="components.confirm_dialog.type_to_confirm"
                    values={{ text: confirmationText }}
                    components={{ strong: <strong className="font-semibold" /> }}
                  />
                </Label>
                <Input
                  ref={confirmationInput}
                  id={inputId}
                  value={typedText}
                  onChange={(event) => setTypedText(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button color="neutral" variant="outline" disabled={isPending}>
                  {t('global.cancel')}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" color="error" disabled={!isConfirmed} loading={isPending}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type SubmitHandler, type UseFormProps } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { Button, type ButtonProps } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

interface DialogViewProps {
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}

/** What a dialog shows once (a new key, a link, recovery codes) until one button closes it. */
export interface ShownOnceView extends DialogViewProps {
  /** The closing button's label; "Done" unless the person should confirm something (e.g. "I saved them"). */
  doneLabel?: ReactNode;
}

export interface FormDialogProps extends DialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Optional element that opens the dialog (rendered as the trigger with asChild). */
  trigger?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's content, an icon included. */
  submitLabel: ReactNode;
  submitColor?: ButtonProps['color'];
  /** While the submission runs, Cancel is disabled and the submit button spins. */
  isPending: boolean;
  canSubmit?: boolean;
  /** Shown instead of the form once it produced something to keep that is not shown again (a key, a link). */
  shownOnce?: ShownOnceView;
}

/**
 * A form dialog's state: whether it is open, and its form, which every opening starts afresh from its default values
 * as the latest render states them (a renamed passkey's new name). `onClose` forgets what else the dialog held (its
 * mutations' results).
 */
export function useFormDialog<Values extends FieldValues>(
  formOptions: UseFormProps<Values> & { defaultValues: DefaultValues<Values> },
  onClose?: () => void,
) {
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<Values>(formOptions);

  function changeOpen(open: boolean) {
    setIsOpen(open);
    if (open) form.reset(formOptions.defaultValues);
    else onClose?.();
  }

  /** The FormDialog props that open, close and submit it: the form's values, once valid, go to `onValid`. */
  function dialogProps(onValid: SubmitHandler<Values>) {
    return {
      open: isOpen,
      onOpenChange: changeOpen,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event),
    };
  }

  return { form, isOpen, changeOpen, dialogProps };
}

/**
 * A dialog holding one form: title and description, the fields (`children`), then Cancel and the submit button.
 * The caller owns the open state, so it can reset the form when the dialog closes and close it on success.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  onSubmit,
  submitLabel,
  submitColor,
  isPending,
  canSubmit = true,
  shownOnce,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        onInteractOutside={(event) => {
          if (shownOnce) preventStrayClose(event);
        }}
      >
        {shownOnce ? (
          <ShownOnceContent {...shownOnce} />
        ) : (
          <form noValidate className="grid gap-4" onSubmit={onSubmit}>
            <DialogHeading title={title} description={description} />
            {children}
            <DialogFooter>
              <DialogClose asChild>
                <Button color="neutral" variant="outline" disabled={isPending}>
                  {t('global.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" color={submitColor} loading={isPending} disabled={!canSubmit}>
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog showing something once, open while `open`; `onClose` runs when the person closes it. */
export function ShownOnceDialog({ open, onClose, ...view }: ShownOnceView & { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent onInteractOutside={preventStrayClose}>
        <ShownOnceContent {...view} />
      </DialogContent>
    </Dialog>
  );
}

/** A dialog's title and description, read out by screen readers when it opens. */
export function DialogHeading({ title, description }: Omit<DialogViewProps, 'children'>) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

// What is shown once must not vanish through a stray click outside before it was copied; Escape and Close still work.
function preventStrayClose(event: Event) {
  event.preventDefault();
}

function ShownOnceContent({ title, description, children, doneLabel }: ShownOnceView) {
  const { t } = useTranslation();
  return (
    <>
      <DialogHeading title={title} description={description} />
      {children}
      <DialogFooter>
        <DialogClose asChild>
          <Button>{doneLabel ?? t('components.form_dialog.done')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

import { useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { useAction } from './action-button';

export type ConfirmActionDialogProps = Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'isPending' | 'onConfirm'> & {
  /**
   * What the person confirms (a mutation, awaited, and what follows its success). The dialog closes once it
   * succeeds; a failure is a toast, and the dialog stays open to try again.
   */
  action: () => Promise<unknown>;
};

/** A ConfirmDialog that owns its open state and runs one action: the shape of every "Remove…?", "Suspend…?". */
export function ConfirmActionDialog({ action, ...dialog }: ConfirmActionDialogProps) {
  const [isOpen, setIsOpen] = useState(false);
  const { isPending, run } = useAction(action);

  async function confirm() {
    if (await run()) setIsOpen(false);
  }

  return <ConfirmDialog {...dialog} open={isOpen} onOpenChange={setIsOpen} isPending={isPending} onConfirm={confirm} />;
}

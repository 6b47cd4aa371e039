import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export interface UnsavedChangesGuard {
  /** Render it in the form: the dialog that asks before a changed form is left. */
  dialog: ReactNode;
  /**
   * Lets the next navigation through without asking: call it once the changes are saved, before moving on
   * (the form still counts as changed until it renders again).
   */
  allowLeaving: () => void;
}

/**
 * Asks before a changed form is left, so typed work is not lost: inside the app (a link, back, a redirect) with a
 * dialog, and on reload or closing the tab with the browser's own question (`beforeunload`). The edit forms all
 * use this one guard.
 */
export function useUnsavedChangesGuard(isDirty: boolean): UnsavedChangesGuard {
  const isLeavingAllowed = useRef(false);
  // A save that stays on the page leaves the form unchanged; its next change asks again.
  useEffect(() => {
    if (!isDirty) isLeavingAllowed.current = false;
  }, [isDirty]);
  const shouldBlock = () => {
    if (isLeavingAllowed.current) {
      isLeavingAllowed.current = false;
      return false;
    }
    return isDirty;
  };
  const blocker = useBlocker({
    shouldBlockFn: shouldBlock,
    enableBeforeUnload: () => isDirty && !isLeavingAllowed.current,
    disabled: !isDirty,
    withResolver: true,
  });
  const dialog = (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(isOpen) => {
        if (!isOpen) blocker.reset?.();
      }}
      title="Leave without saving?"
      description="You changed this form and have not saved it. If you leave now, your changes are lost."
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
    />
  );
  return {
    dialog,
    allowLeaving: () => {
      isLeavingAllowed.current = true;
    },
  };
}

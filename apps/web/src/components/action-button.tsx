import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';

/**
 * Runs a person's action (a mutation, awaited, and what follows its success): `isPending` while it runs, and a
 * failure is a toast. `run` resolves to whether the action succeeded.
 */
export function useAction(action: () => Promise<unknown>) {
  const [isPending, setIsPending] = useState(false);

  async function run() {
    setIsPending(true);
    try {
      await action();
      return true;
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
      return false;
    } finally {
      setIsPending(false);
    }
  }

  return { isPending, run };
}

export type ActionButtonProps = Omit<ButtonProps, 'onClick' | 'loading'> & {
  /** What a click does; see useAction. */
  action: () => Promise<unknown>;
};

/** A button that runs one action, spinning while it runs. */
export function ActionButton({ action, ...button }: ActionButtonProps) {
  const { isPending, run } = useAction(action);
  return <Button {...button} loading={isPending} onClick={() => void run()} />;
}

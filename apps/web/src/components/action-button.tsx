import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';

export type ActionButtonProps = Omit<ButtonProps, 'onClick' | 'loading'> & {
  /** What a click does (a mutation, awaited, and what follows its success); a failure is a toast. */
  action: () => Promise<unknown>;
};

/** A button that runs one action at once, spinning while it runs. */
export function ActionButton({ action, ...button }: ActionButtonProps) {
  const [isPending, setIsPending] = useState(false);

  async function run() {
    setIsPending(true);
    try {
      await action();
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
    } finally {
      setIsPending(false);
    }
  }

  return <Button {...button} loading={isPending} onClick={() => void run()} />;
}

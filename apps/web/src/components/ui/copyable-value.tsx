import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';

/**
 * A value shown once for the person to take away (a new key, a reset link): read-only, selected on focus, with a
 * Copy button that says when it has copied. `what` names the value in the message shown when copying fails.
 */
export function CopyableValue({
  label,
  value,
  what,
  isLabelHidden = false,
}: {
  label: string;
  value: string;
  what: string;
  isLabelHidden?: boolean;
}) {
  const inputId = useId();
  const [isCopied, setIsCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      toast({ title: 'Could not copy', description: `Select the ${what} and copy it yourself.`, color: 'error' });
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId} className={isLabelHidden ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button color="neutral" variant="outline" onClick={() => void copy()} aria-live="polite">
          {isCopied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

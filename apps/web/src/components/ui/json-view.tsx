import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { Button } from './button';
import { toast } from './toast-store';

export interface JsonViewProps {
  value: unknown;
  /** What the JSON is ("Payload"); names the region and the copy button. */
  label: string;
  className?: string;
}

/** A JSON value indented for reading, in monospace that wraps long strings, with a copy button. */
export function JsonView({ value, label, className }: JsonViewProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [isCopied, setIsCopied] = useState(false);
  const text = JSON.stringify(value, null, 2);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast({ title: t('components.json_view.copy_failed'), color: 'error' });
    }
  }

  return (
    <section aria-labelledby={labelId} className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={labelId} className="text-sm font-semibold">
          {label}
        </h2>
        <Button color="neutral" variant="outline" size="xs" onClick={() => void copy()}>
          {isCopied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {isCopied ? t('components.json_view.copied') : t('components.json_view.copy')}
        </Button>
      </div>
      <pre
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-lg border bg-surface-sunken p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap"
      >
        <code>{text}</code>
      </pre>
    </section>
  );
}

import { LoaderCircleIcon } from './shell-icons';
import type { ComponentProps } from 'react';
import { catalogue } from '@/lib/catalogue';
import { cn } from '@/lib/cn';

export type SpinnerProps = ComponentProps<'svg'> & {
  /** What is loading, for screen readers; defaults to "Loading". */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <LoaderCircleIcon
      role="status"
      aria-label={label ?? catalogue.global.loading}
      className={cn('size-5 animate-spin text-muted-foreground', className)}
      {...props}
    />
  );
}

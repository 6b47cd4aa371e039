import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClassName =
  'w-full min-w-0 rounded-md border border-input bg-surface px-3 text-sm shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-1 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-error aria-invalid:focus-visible:outline-error';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(inputClassName, 'h-9 py-1', className)} {...props} />;
}

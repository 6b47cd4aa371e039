import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputClassName } from './input';

export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" rows={rows} className={cn(inputClassName, 'py-2', className)} {...props} />;
}

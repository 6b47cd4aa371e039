import { useId, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';
import { Label } from './label';

export interface FormFieldProps {
  label: ReactNode;
  /** The control (Input, Textarea, …); it receives id, aria-describedby and aria-invalid. */
  children: ReactElement;
  description?: ReactNode;
  error?: string;
  /** Control id; generated when omitted. */
  id?: string;
  required?: boolean;
  className?: string;
}

export function FormField({ label, children, description, error, id, required, className }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-error-text">
            *
          </span>
        )}
      </Label>
      <Slot.Root
        id={controlId}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
      >
        {children}
      </Slot.Root>
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error-text">
          {error}
        </p>
      )}
    </div>
  );
}

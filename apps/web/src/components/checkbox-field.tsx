import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  /** The box's id; its description is `{id}-description`. */
  id: string;
  label: ReactNode;
  description: ReactNode;
  /** The row's classes in its form's grid (a column span). */
  rowClassName?: string;
};

/**
 * A yes-or-no field: the box, its label and a description read with it. Further ids in `aria-describedby` (an
 * error's) are read after the description.
 */
export function CheckboxField({
  id,
  label,
  description,
  rowClassName,
  'aria-describedby': alsoDescribedBy,
  ...input
}: CheckboxFieldProps) {
  const descriptionId = `${id}-description`;
  return (
    <div className={cn('flex items-start gap-3', rowClassName)}>
      <input
        {...input}
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        aria-describedby={alsoDescribedBy ? `${descriptionId} ${alsoDescribedBy}` : descriptionId}
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm leading-snug font-medium">
          {label}
        </label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}

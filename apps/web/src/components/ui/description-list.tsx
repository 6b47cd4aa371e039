import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DescriptionListProps {
  items: { term: string; details: ReactNode }[];
  className?: string;
}

/** Facts about one record ("Date", "User"…), in two columns where there is room. */
export function DescriptionList({ items, className }: DescriptionListProps) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-4 rounded-xl border bg-surface p-4 sm:grid-cols-2 sm:p-6', className)}>
      {items.map(({ term, details }) => (
        <div key={term} className="grid min-w-0 gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
          <dd className="min-w-0 text-sm break-words">{details}</dd>
        </div>
      ))}
    </dl>
  );
}

import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface PageSectionProps {
  /** The section's heading (an h2), which also names the section for assistive technology. */
  title: ReactNode;
  /** Beside the heading, at the end of its line (a link such as "Manage bookmarks"). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled part of a page: a landmark named by its h2, with an optional action on the heading's line. */
export function PageSection({ title, action, className, children }: PageSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-4', className)}>
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

/** A detail page's two columns on a wide screen: the main one twice as wide as the side one; one column below. */
export function DetailColumns({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]', className)}
      {...props}
    />
  );
}

/** A PageHeader's title and description while the page loads, as wide as the page's usual ones. */
export function PageHeaderSkeleton({ titleWidth, descriptionWidth }: { titleWidth: string; descriptionWidth: string }) {
  return (
    <div className="grid gap-2 pb-6">
      <Skeleton className={cn('h-8 max-w-full', titleWidth)} />
      <Skeleton className={cn('h-5 max-w-full', descriptionWidth)} />
    </div>
  );
}

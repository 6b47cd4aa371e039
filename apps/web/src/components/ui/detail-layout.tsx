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

export interface PageHeaderSkeletonProps {
  titleWidth: string;
  descriptionWidth: string;
  /** Size and rounding of the logo or avatar shown before the title, when the page has one. */
  logoClassName?: string;
  className?: string;
}

/** A PageHeader's title and description while the page loads, as wide as the page's usual ones. */
export function PageHeaderSkeleton({
  titleWidth,
  descriptionWidth,
  logoClassName,
  className,
}: PageHeaderSkeletonProps) {
  const lines = (
    <div className="grid flex-1 gap-2">
      <Skeleton className={cn('h-8 max-w-full', titleWidth)} />
      <Skeleton className={cn('h-5 max-w-full', descriptionWidth)} />
    </div>
  );
  if (!logoClassName) return <div className={cn('pb-6', className)}>{lines}</div>;
  return (
    <div className={cn('flex items-center gap-3 pb-6', className)}>
      <Skeleton className={cn('shrink-0', logoClassName)} />
      {lines}
    </div>
  );
}

export interface DetailColumnsSkeletonProps {
  /** The classes (height, rounding) of each block of the main column, top to bottom. */
  main: readonly string[];
  /** The classes of the side column's block. */
  side: string;
  /** The gap between the main column's blocks, when not that of the cards it stands for. */
  mainClassName?: string;
}

/** DetailColumns while the page loads, each block at the size of what it stands for. */
export function DetailColumnsSkeleton({ main, side, mainClassName }: DetailColumnsSkeletonProps) {
  return (
    <DetailColumns aria-hidden>
      <div className={cn('grid gap-6', mainClassName)}>
        {main.map((block, index) => (
          <Skeleton key={index} className={block} />
        ))}
      </div>
      <Skeleton className={side} />
    </DetailColumns>
  );
}

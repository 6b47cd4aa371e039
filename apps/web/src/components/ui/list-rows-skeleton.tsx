import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

export interface ListRowsSkeletonProps {
  rows: number;
  /** Rounding of the picture that leads each row: `rounded-lg` for a logo, `rounded-full` for a person. */
  pictureClassName: string;
  /** Width of the row's second line, as wide as its usual text. */
  detailWidth: string;
  /** Size of what ends each row (a badge, a button), when the rows have it. */
  trailingClassName?: string;
}

/** A bordered list of rows (a picture, a name, a line of detail) while it loads, at its final size. */
export function ListRowsSkeleton({ rows, pictureClassName, detailWidth, trailingClassName }: ListRowsSkeletonProps) {
  return (
    <ul aria-hidden className="divide-y rounded-xl border bg-surface shadow-xs">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className={cn('size-9', pictureClassName)} />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className={cn('h-3 max-w-full', detailWidth)} />
          </div>
          {trailingClassName && <Skeleton className={trailingClassName} />}
        </li>
      ))}
    </ul>
  );
}

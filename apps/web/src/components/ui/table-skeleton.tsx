import { Skeleton } from './skeleton';

/** Stands in for a data table while its first page loads, at the size the rows will take. */
export function TableSkeleton({ rows = 8, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <div role="status" aria-label="Loading" className="overflow-hidden rounded-xl border bg-surface">
      <div className="h-10 border-b bg-surface-sunken" />
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex h-[49px] items-center gap-6 border-b px-4 last:border-0">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}

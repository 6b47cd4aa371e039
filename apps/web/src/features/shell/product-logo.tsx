import { catalogue } from '@/lib/catalogue';
import { cn } from '@/lib/cn';

/** The product mark and name. */
export function ProductLogo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg aria-hidden viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M9 9h6.5a7 7 0 0 1 0 14H9z" className="fill-primary-foreground" />
        <circle cx="22.5" cy="11" r="2.5" className="fill-primary-foreground/70" />
      </svg>
      <span>{catalogue.global.product_name}</span>
    </span>
  );
}

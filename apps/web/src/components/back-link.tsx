import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';

/** "← All users" above a detail page of the administration area. */
export function BackLink({ to, children }: { to: LinkProps['to']; children: string }) {
  return (
    <Link to={to} className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CredentialRowProps {
  /** `li` in a list of credentials (passkeys), `div` where the row stands alone (the authenticator app). */
  as: 'li' | 'div';
  icon: LucideIcon;
  /** The icon's colour classes. */
  iconClassName: string;
  name: ReactNode;
  /** When it was added and last used, on one line. */
  dates: ReactNode;
  actions: ReactNode;
  className?: string;
}

/** One way of signing in on the security page: its icon, name and dates, and its buttons. */
export function CredentialRow({
  as: Row,
  icon: Icon,
  iconClassName,
  name,
  dates,
  actions,
  className,
}: CredentialRowProps) {
  return (
    <Row className={cn('flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3', className)}>
      <Icon aria-hidden className={cn('size-5 shrink-0', iconClassName)} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">{dates}</p>
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </Row>
  );
}

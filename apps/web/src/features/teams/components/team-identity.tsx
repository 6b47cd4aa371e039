import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';

export interface TeamIdentityProps {
  name: string;
  logoUrl: string | null;
  /** The team's own pages head with it (an h1, large); elsewhere it is a card's first line. */
  isPageHeading?: boolean;
  /** The line below the name: its address, the visitor's role. */
  children: ReactNode;
}

/** A team as people recognise it: its logo beside its name, and a line of details. */
export function TeamIdentity({ name, logoUrl, isPageHeading = false, children }: TeamIdentityProps) {
  const Name = isPageHeading ? 'h1' : 'p';
  return (
    <div className={cn('flex min-w-0 items-center', isPageHeading ? 'gap-4' : 'gap-3')}>
      <Avatar name={name} src={logoUrl} size="3xl" className={isPageHeading ? 'rounded-xl' : 'rounded-lg'} />
      <div className={cn('grid min-w-0', isPageHeading ? 'gap-1' : 'gap-0.5')}>
        <Name
          className={
            isPageHeading ? 'text-2xl font-semibold tracking-tight break-words' : 'truncate text-base font-semibold'
          }
        >
          {name}
        </Name>
        {children}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { DeferredColourModeMenu } from './deferred-colour-mode-menu';
import { ProductLogo } from './product-logo';

export interface EntryLayoutProps {
  children: ReactNode;
  /** `wide` for reading pages such as the terms of service. */
  width?: 'default' | 'wide';
}

/** Entry screens (/, terms, contact, sign-in return): the product name over one centred card. */
export function EntryLayout({ children, width = 'default' }: EntryLayoutProps) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-surface-sunken bg-[radial-gradient(ellipse_80%_50%_at_50%_-10%,var(--entry-glow),transparent)]">
      <div className="absolute top-3 right-3">
        <DeferredColourModeMenu />
      </div>
      <main className="flex flex-1 flex-col items-center justify-center gap-8 px-4 py-16">
        <ProductLogo className="text-xl" />
        <div
          className={cn(
            'w-full rounded-2xl border bg-surface p-6 shadow-sm sm:p-8',
            width === 'wide' ? 'max-w-3xl' : 'max-w-md',
          )}
        >
          {children}
        </div>
      </main>
    </div>
  );
}

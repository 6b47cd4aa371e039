import type { ReactNode } from 'react';

/** No chrome: the content centred on the page (error pages, full-screen states). */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return <main className="flex min-h-dvh flex-col items-center justify-center p-4">{children}</main>;
}

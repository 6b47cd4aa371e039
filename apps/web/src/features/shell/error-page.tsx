import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { catalogue } from '@/lib/catalogue';

export interface ErrorPageProps {
  statusCode?: number;
  statusMessage?: string;
  /** Shown under the status message when it says something more. */
  message?: string;
  /** Replaces the default "Back to dashboard" button. */
  action?: ReactNode;
}

export function ErrorPage({ statusCode = 500, statusMessage, message, action }: ErrorPageProps) {
  const heading = statusMessage ?? catalogue.error_page.title;
  return (
    <div className="flex flex-col items-center justify-center gap-4 px-6 py-16 text-center sm:py-24">
      <p className="text-sm font-semibold tracking-widest text-primary-text">{statusCode}</p>
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{heading}</h1>
      {message && message !== heading && (
        <p className="max-w-md text-base text-pretty text-muted-foreground">{message}</p>
      )}
      <div className="mt-4">
        {action ?? (
          <Button asChild size="lg">
            <AppLink href="/dashboard">{catalogue.error_page.back_to_dashboard}</AppLink>
          </Button>
        )}
      </div>
    </div>
  );
}

export function NotFoundPage({ action }: Pick<ErrorPageProps, 'action'>) {
  return <ErrorPage statusCode={404} statusMessage={catalogue.error_page.not_found} action={action} />;
}

import { AppLink } from '@/components/ui/app-link';
import { cn } from '@/lib/cn';

/** The way home from a public page a signed-out visitor reached without the app's navigation. */
export function BackToPortalLink({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm', className)}>
      <AppLink href="/" className="font-medium text-primary-text underline underline-offset-4">
        Back to DXP Portal
      </AppLink>
    </p>
  );
}

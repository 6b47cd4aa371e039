import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { publicAccess } from '@/features/auth/route-access';
import { pageTitle } from '@/lib/page-title';

// Production builds leave the gallery out entirely (the condition is constant at build time).
const DesignSystemGallery = import.meta.env.DEV
  ? lazy(() =>
      import('./-components/design-system-gallery').then((module) => ({
        default: module.DesignSystemGallery,
      })),
    )
  : undefined;

/** The UI kit's gallery, for development only. */
export const Route = createFileRoute('/dev/design-system')({
  staticData: { access: publicAccess },
  beforeLoad: () => {
    if (!DesignSystemGallery) {
      throw notFound();
    }
  },
  head: () => ({ meta: [{ title: pageTitle('Design system') }] }),
  component: () =>
    DesignSystemGallery ? (
      <TooltipProvider>
        <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
          <Suspense fallback={<Spinner />}>
            <DesignSystemGallery />
          </Suspense>
        </main>
      </TooltipProvider>
    ) : null,
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { publicAccess } from '@/features/auth/route-access';
import { pageTitle } from '@/lib/page-title';

// Empty when the gallery does not exist; production builds leave it out entirely.
const galleryModules = import.meta.env.DEV
  ? import.meta.glob<{ DesignSystemGallery: ComponentType }>('../../features/design-system/design-system-gallery.tsx')
  : {};
const loadGallery = Object.values(galleryModules)[0];
const DesignSystemGallery = loadGallery
  ? lazy(() => loadGallery().then((module) => ({ default: module.DesignSystemGallery })))
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
      <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
        <Suspense fallback={<Spinner />}>
          <DesignSystemGallery />
        </Suspense>
      </main>
    ) : null,
});

import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToToasts } from './toast-store';

const Toaster = lazy(() => import('./toast').then((module) => ({ default: module.Toaster })));

const hasToasts = () => getToasts().length > 0;

/**
 * Mounts the `Toaster` (Radix Toast) once the first toast is raised, which keeps it out of the
 * start-up bundle; from then on it stays mounted.
 */
export function LazyToaster() {
  const isToastRaised = useSyncExternalStore(subscribeToToasts, hasToasts, () => false);
  const [isNeeded, setIsNeeded] = useState(isToastRaised);
  // Adjusted during render (React's pattern for state that follows a value), so no second commit is needed.
  if (isToastRaised && !isNeeded) setIsNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

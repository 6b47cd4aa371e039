import { createFileRoute, Outlet } from '@tanstack/react-router';
import { EntryLayout } from '@/features/shell/entry-layout';

/** Screens before sign-in: the product name over one centred card, no bell. */
export const Route = createFileRoute('/_entry')({
  component: () => (
    <EntryLayout>
      <Outlet />
    </EntryLayout>
  ),
});

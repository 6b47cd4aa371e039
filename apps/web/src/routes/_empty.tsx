import { createFileRoute, Outlet } from '@tanstack/react-router';
import { EmptyLayout } from '@/features/shell/empty-layout';

/** No chrome at all: the sign-in return and other full-screen states. */
export const Route = createFileRoute('/_empty')({
  component: () => (
    <EmptyLayout>
      <Outlet />
    </EmptyLayout>
  ),
});

import { createFileRoute, Outlet } from '@tanstack/react-router';
import { systemAdminAccess } from '@/features/auth/route-access';
import { SystemNavigation } from '@/features/system/components/system-navigation';

/** The administration area: system administrators only (docs/design.md §5). */
export const Route = createFileRoute('/_default/system')({
  staticData: { access: systemAdminAccess },
  component: SystemLayout,
});

function SystemLayout() {
  return (
    <>
      <SystemNavigation />
      <Outlet />
    </>
  );
}

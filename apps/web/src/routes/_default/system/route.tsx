import { createFileRoute } from '@tanstack/react-router';
import { systemAdminAccess } from '@/features/auth/route-access';

/** The administration area: system administrators only (DESIGN.md §5). */
export const Route = createFileRoute('/_default/system')({
  staticData: { access: systemAdminAccess },
});

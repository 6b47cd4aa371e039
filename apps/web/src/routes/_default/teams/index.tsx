import { createFileRoute, redirect } from '@tanstack/react-router';

/** There is no team list of its own: the dashboard lists the user's teams. */
export const Route = createFileRoute('/_default/teams/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});

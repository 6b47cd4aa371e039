import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_default/system/teams/$slug/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/system/teams/$slug/home', params, replace: true });
  },
});

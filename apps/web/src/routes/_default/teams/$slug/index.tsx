import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_default/teams/$slug/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/teams/$slug/home', params, replace: true });
  },
});

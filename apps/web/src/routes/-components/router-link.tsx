import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';

/** Lets the UI kit's AppLink navigate with the router (client-side, with preloading). */
export function RouterLink({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  return <Link to={href} {...props} />;
}

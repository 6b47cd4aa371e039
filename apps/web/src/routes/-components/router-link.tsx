import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';

/** Lets the UI kit's AppLink navigate with the router (client-side, with preloading). */
export function RouterLink({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  // The router takes a fragment apart from the path; it then scrolls to the element with that id.
  const [to, hash] = href.split('#', 2);
  return <Link to={to} hash={hash} {...props} />;
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { isWebAddress } from '@dxp/contracts/web-address';
import { Button, type ButtonProps } from './button';

export type ExternalButtonLinkProps = Pick<ButtonProps, 'color' | 'variant' | 'size'> & {
  /** An address kept as the API gave it: the link is left out unless it is http(s). */
  href: string | null | undefined;
  /** Drawn before the text, hidden from assistive technology. */
  icon: LucideIcon;
  children: ReactNode;
};

/** A link to another site that looks like a button and opens in a new tab, saying so to screen readers. */
export function ExternalButtonLink({ href, icon: Icon, children, ...button }: ExternalButtonLinkProps) {
  if (!isWebAddress(href)) return null;
  return (
    <Button asChild {...button}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon aria-hidden />
        {children}
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Button>
  );
}

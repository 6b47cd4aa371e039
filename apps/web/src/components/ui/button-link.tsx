import type { LucideIcon } from 'lucide-react';
import { AppLink, type AppLinkProps } from './app-link';
import { Button, type ButtonProps } from './button';

export type ButtonLinkProps = Omit<AppLinkProps, 'color'> &
  Pick<ButtonProps, 'color' | 'variant' | 'size' | 'square'> & {
    /** Drawn before the text, hidden from assistive technology. */
    icon?: LucideIcon;
  };

/** A link to a page of the app that looks like a button (a way on from an empty list, a header's action). */
export function ButtonLink({
  color,
  variant,
  size,
  square,
  className,
  icon: Icon,
  children,
  ...link
}: ButtonLinkProps) {
  return (
    <Button asChild color={color} variant={variant} size={size} square={square} className={className}>
      <AppLink {...link}>
        {Icon && <Icon aria-hidden />}
        {children}
      </AppLink>
    </Button>
  );
}

import { Icon } from 'lucide-react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { avatarImageOf, avatarVariants, initialsOf, type AvatarSize } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { useIconNode } from '@/lib/icon-collection';

export interface TileAvatarProps {
  /** What the tile shows: the alternative text, and the initials when there is neither logo nor icon. */
  name: string;
  logoUrl?: string | null;
  /** A name of the bundled Lucide set (an application's icon). */
  icon?: string | null;
  size?: AvatarSize;
  className?: string;
}

/** The icon of the bundled set, or the initials when the set has no such icon. */
function IconOrInitials({ name, icon }: { name: string; icon: string }) {
  const iconNode = useIconNode(icon);
  if (iconNode === null) return <span aria-hidden>{initialsOf(name)}</span>;
  // While the icon's chunk loads the square stays empty, the same size, so nothing moves when it arrives.
  return iconNode ? <Icon iconNode={iconNode} aria-hidden className="size-3/5" /> : null;
}

/**
 * The square at the start of every application (and bookmark) tile: the logo, else the icon, else the initials.
 * Only an http(s) logo is ever loaded; an image that fails falls back to the icon or the initials.
 */
export function TileAvatar({ name, logoUrl, icon, size = 'xl', className }: TileAvatarProps) {
  const logo = avatarImageOf(logoUrl);
  const shows = logo ? 'logo' : icon ? 'icon' : 'initials';
  return (
    <AvatarPrimitive.Root
      data-slot="tile-avatar"
      data-shows={shows}
      data-icon={icon || undefined}
      className={cn(avatarVariants({ size }), 'rounded-lg', icon && 'bg-primary/10 text-primary-text', className)}
    >
      {logo && <AvatarPrimitive.Image src={logo} alt={name} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback role="img" aria-label={name} className="flex size-full items-center justify-center">
        {icon ? <IconOrInitials name={name} icon={icon} /> : <span aria-hidden>{initialsOf(name)}</span>}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

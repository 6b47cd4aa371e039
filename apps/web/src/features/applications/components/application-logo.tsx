import type { AvatarSize } from '@/components/ui/avatar';
import { TileAvatar } from '@/components/tile-avatar';

/** An application's logo, else its icon, else its initials (only an http(s) logo is ever loaded). */
export function ApplicationLogo({
  application,
  size = '3xl',
  className,
}: {
  application: { name: string; logoUrl?: string | null; icon?: string | null };
  size?: AvatarSize;
  className?: string;
}) {
  return (
    <TileAvatar
      name={application.name}
      logoUrl={application.logoUrl}
      icon={application.icon}
      size={size}
      className={className}
    />
  );
}

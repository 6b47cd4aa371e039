import { Avatar, type AvatarSize } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { isWebAddress } from '@dxp/contracts/web-address';

/** An application's logo, or its initials when it has none (only an http(s) logo is ever loaded). */
export function ApplicationLogo({
  application,
  size = '3xl',
  className,
}: {
  application: { name: string; logoUrl?: string | null };
  size?: AvatarSize;
  className?: string;
}) {
  return (
    <Avatar
      name={application.name}
      src={isWebAddress(application.logoUrl) ? application.logoUrl : null}
      size={size}
      className={cn('rounded-lg', className)}
    />
  );
}

import { LogOutIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTranslation } from '@/lib/i18n';

/** What the app chrome needs to know about the signed-in user (a SessionUser fits). */
export interface ShellUser {
  firstName: string | null;
  lastName: string | null;
  email: string;
  isSystemAdmin: boolean;
}

export function displayNameOf(user: ShellUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

export const profileHref = '/account/profile';
export const systemAdministrationHref = '/system/users';

export interface UserMenuProps {
  user: ShellUser;
  onSignOut: () => void;
}

export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const { t } = useTranslation();
  const name = displayNameOf(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('components.user_menu.label')}
        className="cursor-pointer rounded-full transition-opacity hover:opacity-85"
      >
        <Avatar name={name} size="lg" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <AppLink href={profileHref}>
            <UserIcon aria-hidden />
            {t('components.user_menu.profile')}
          </AppLink>
        </DropdownMenuItem>
        {user.isSystemAdmin && (
          <DropdownMenuItem asChild>
            <AppLink href={systemAdministrationHref}>
              <ShieldIcon aria-hidden />
              {t('components.user_menu.system_administration')}
            </AppLink>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOutIcon aria-hidden />
          {t('components.user_menu.sign_out')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

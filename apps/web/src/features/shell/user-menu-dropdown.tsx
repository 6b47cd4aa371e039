import { LogOutIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTranslation } from '@/lib/i18n';
import { displayNameOf, profileHref, systemAdministrationHref, UserMenuTrigger, type UserMenuProps } from './user-menu';

/** The user menu with its Radix dropdown, loaded on demand by `UserMenu`. */
export function UserMenuDropdown({ user, onSignOut, defaultOpen }: UserMenuProps & { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuTrigger user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{displayNameOf(user)}</span>
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

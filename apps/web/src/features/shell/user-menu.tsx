import type { ComponentProps } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { useTranslation } from '@/lib/i18n';
import { deferredPart, useDeferredPopup } from '@/components/ui/deferred-popup';

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

/** The user menu's button: the user's avatar. */
export function UserMenuTrigger({ user, ...props }: ComponentProps<'button'> & { user: ShellUser }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t('components.user_menu.label')}
      className="cursor-pointer rounded-full transition-opacity hover:opacity-85"
      {...props}
    >
      <Avatar name={displayNameOf(user)} size="lg" aria-hidden />
    </button>
  );
}

const userMenuDropdown = deferredPart(() => import('./user-menu-dropdown'));

/** The avatar renders at once; the dropdown's code loads when the pointer or the focus reaches it. */
export function UserMenu(props: UserMenuProps) {
  const { loaded, isOpenWhenLoaded, containerRef, triggerProps } = useDeferredPopup(userMenuDropdown, 'menu');
  return (
    <div ref={containerRef} className="contents">
      {loaded ? (
        <loaded.UserMenuDropdown {...props} defaultOpen={isOpenWhenLoaded} />
      ) : (
        <UserMenuTrigger user={props.user} {...triggerProps} />
      )}
    </div>
  );
}

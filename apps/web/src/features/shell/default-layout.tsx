import { MenuIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import type { ButtonProps } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { useTranslation } from '@/lib/i18n';
import { DeferredColourModeMenu } from './deferred-colour-mode-menu';
import { deferredPart, useDeferredPopup } from '@/components/ui/deferred-popup';
import { ProductLogo } from './product-logo';
import { UserMenu, type ShellUser } from './user-menu';

export interface NavigationItem {
  label: string;
  href: string;
  icon?: LucideIcon;
}

export interface DefaultLayoutProps {
  user: ShellUser;
  /** Primary navigation; the current page's link is highlighted through aria-current="page". */
  navigation: NavigationItem[];
  /** The bell (NotificationBell wired to its query); omit it where docs/spec.md §2 shows no bell. */
  notificationBell?: ReactNode;
  onSignOut: () => void;
  children: ReactNode;
}

const mainContentId = 'main-content';

export function DefaultLayout({ user, navigation, notificationBell, onSignOut, children }: DefaultLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${mainContentId}`}
        className="sr-only z-50 rounded-md bg-surface-raised px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('components.navigation.skip_to_content')}
      </a>
      <HeaderBar>
        {navigation.length > 0 && <CompactNavigation navigation={navigation} />}
        <AppLink
          href="/dashboard"
          aria-label={t('components.navigation.home', { product: t('global.product_name') })}
          className="flex items-center rounded-md"
        >
          <ProductLogo className="text-base" />
        </AppLink>
        <nav aria-label={t('components.navigation.label')} className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {navigation.map(({ label, href, icon: Icon }) => (
              <li key={href}>
                <AppLink
                  href={href}
                  className="inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground"
                >
                  {Icon && <Icon aria-hidden className="size-4" />}
                  {label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <DeferredColourModeMenu />
          {notificationBell}
          <div className="ml-1">
            <UserMenu user={user} onSignOut={onSignOut} />
          </div>
        </div>
      </HeaderBar>
      <main
        id={mainContentId}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10"
      >
        {children}
      </main>
    </div>
  );
}

/** The header's bar, shared by the layout and its placeholder so that the logo does not move when the page arrives. */
function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">{children}</div>
    </header>
  );
}

/**
 * What a signed-in page shows while its user and data load on a first visit: the header bar with the product logo
 * where the layout has it (and room for the compact navigation's button), instead of a blank page. It needs neither
 * the user nor the translations.
 */
export function DefaultLayoutPlaceholder() {
  return (
    <div className="flex min-h-dvh flex-col">
      <HeaderBar>
        <span aria-hidden className="size-9 shrink-0 md:hidden" />
        <span className="flex items-center">
          <ProductLogo className="text-base" />
        </span>
      </HeaderBar>
    </div>
  );
}

export function CompactNavigationTrigger(props: ButtonProps) {
  const { t } = useTranslation();
  return (
    <IconButton aria-label={t('components.navigation.menu')} className="md:hidden" {...props}>
      <MenuIcon aria-hidden />
    </IconButton>
  );
}

const compactNavigationMenu = deferredPart(() => import('./compact-navigation-menu'));

/** Below the md breakpoint the navigation folds into a menu; its dropdown's code loads on demand. */
function CompactNavigation({ navigation }: { navigation: NavigationItem[] }) {
  const { loaded, isOpenWhenLoaded, containerRef, triggerProps } = useDeferredPopup(compactNavigationMenu, 'menu');
  return (
    <div ref={containerRef} className="contents">
      {loaded ? (
        <loaded.CompactNavigationMenu navigation={navigation} defaultOpen={isOpenWhenLoaded} />
      ) : (
        <CompactNavigationTrigger {...triggerProps} />
      )}
    </div>
  );
}

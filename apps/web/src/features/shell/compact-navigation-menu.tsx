import { AppLink } from '@/components/ui/app-link';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { CompactNavigationTrigger, type NavigationItem } from './default-layout';

/** The folded navigation with its Radix dropdown, loaded on demand by the default layout. */
export function CompactNavigationMenu({
  navigation,
  defaultOpen,
}: {
  navigation: NavigationItem[];
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <CompactNavigationTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        {navigation.map(({ label, href, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <AppLink href={href} className="aria-[current=page]:font-semibold">
              {Icon && <Icon aria-hidden />}
              {label}
            </AppLink>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

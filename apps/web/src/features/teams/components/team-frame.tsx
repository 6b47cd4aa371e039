import { useLocation } from '@tanstack/react-router';
import {
  BookmarkIcon,
  HouseIcon,
  MailPlusIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { Callout } from '@/components/ui/callout';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { Team } from '../api/get-team-by-friendly-id';
import type { TeamPermissions } from '../team-roles';
import { TeamRoleBadge } from '@/components/team-role-badge';
import { TeamIdentity } from './team-identity';

interface TeamTab {
  label: string;
  page: string;
  icon: LucideIcon;
  isManagement: boolean;
}

const teamTabs: TeamTab[] = [
  { label: 'Home', page: 'home', icon: HouseIcon, isManagement: false },
  { label: 'Members', page: 'members', icon: UsersIcon, isManagement: true },
  { label: 'Invite', page: 'invite', icon: MailPlusIcon, isManagement: true },
  { label: 'Bookmarks', page: 'bookmarks', icon: BookmarkIcon, isManagement: true },
  { label: 'Settings', page: 'settings', icon: SettingsIcon, isManagement: true },
];

export interface TeamFrameProps {
  team: Team;
  /** Where this team's screens live: /teams/{slug} or /system/teams/{slug}. */
  teamPath: string;
  permissions: TeamPermissions;
  children: ReactNode;
}

/**
 * Every team screen: the team's logo, name and the visitor's role, then the tabs their role allows. A visitor with no
 * role can only be a system administrator (the API hides a team from other outsiders), and is told so.
 */
export function TeamFrame({ team, teamPath, permissions, children }: TeamFrameProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const tabs = teamTabs.filter((tab) => !tab.isManagement || permissions.canManage);
  return (
    <div className="grid gap-6">
      <TeamIdentity name={team.name} logoUrl={team.logoUrl} isPageHeading>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="truncate">{team.friendlyId}</span>
          {team.roleName && <TeamRoleBadge role={team.roleName} />}
          {!team.enabled && (
            <Badge color="warning" variant="soft" size="sm">
              Disabled
            </Badge>
          )}
        </div>
      </TeamIdentity>
      {!team.roleName && (
        <Callout color="info" icon={ShieldIcon}>
          <p className="font-medium">You are viewing this team as a system administrator</p>
          <p>
            You are not a member of {team.name}. What you change here applies to the team at once and is recorded in the
            event log under your name.
          </p>
        </Callout>
      )}
      {tabs.length > 1 && (
        <nav aria-label="Team" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex min-w-max gap-1 border-b">
            {tabs.map((tab) => {
              const href = `${teamPath}/${tab.page}`;
              const isCurrent = pathname === href || pathname.startsWith(`${href}/`);
              return (
                <li key={tab.page}>
                  <AppLink
                    href={href}
                    aria-current={isCurrent ? 'page' : undefined}
                    className={cn(
                      '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
                      isCurrent
                        ? 'border-primary text-foreground'
                        : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                    )}
                  >
                    <tab.icon aria-hidden className="size-4" />
                    {tab.label}
                  </AppLink>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <div>{children}</div>
    </div>
  );
}

export function TeamFrameSkeleton() {
  return (
    <div aria-hidden className="grid gap-6">
      <div className="flex items-center gap-4">
        <Skeleton className="size-12 rounded-xl" />
        <div className="grid gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <Skeleton className="h-10 w-full max-w-lg" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

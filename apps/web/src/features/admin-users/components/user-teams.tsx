import { Link } from '@tanstack/react-router';
import { UsersRoundIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AdminUser } from '../api/get-user-by-id';

const roleLabels = { TeamOwner: 'Owner', TeamAdmin: 'Admin', TeamMember: 'Member' } as const;

export function UserTeams({ teams }: { teams: AdminUser['teams'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Teams</CardTitle>
      </CardHeader>
      <CardContent>
        {teams.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <UsersRoundIcon aria-hidden className="size-4" />
            Not a member of any team.
          </p>
        ) : (
          <ul className="grid gap-1">
            {teams.map((team) => (
              <li key={team.id} className="flex items-center justify-between gap-3 rounded-md py-1.5">
                <Link
                  to="/system/teams/$slug/home"
                  params={{ slug: team.friendlyId }}
                  className="min-w-0 truncate text-sm font-medium hover:underline"
                >
                  {team.name}
                </Link>
                <span className="flex shrink-0 items-center gap-1.5">
                  {!team.enabled && (
                    <Badge color="warning" size="sm">
                      Disabled
                    </Badge>
                  )}
                  <Badge color={team.roleName === 'TeamOwner' ? 'primary' : 'neutral'} size="sm">
                    {roleLabels[team.roleName]}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

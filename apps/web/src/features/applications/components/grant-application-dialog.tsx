import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { CheckIcon, PlusIcon, SearchXIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { DialogHeading } from '@/components/ui/form-dialog';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { getAllTeamsQueryOptions } from '@/lib/api/get-all-teams';
import type { ApplicationDetail } from '../api/get-application-by-id';
import { useUpdateAppStatus } from '../api/update-app-status';
import { parseError } from '@/lib/graphql-client';
import { allApplicationsQueryKey } from '../api/get-all-applications';
import { teamLabel } from '@/lib/team-label';

const resultCount = 6;

/** Finds a team by name or friendly id and grants it the application, enabled, without a request. */
export function GrantApplicationDialog({ application }: { application: ApplicationDetail }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="soft">
          <PlusIcon aria-hidden />
          Grant to a team
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title={`Grant ${application.name}`}
          description="The team gets the application enabled at once; no request is needed."
        />
        {isOpen && <TeamPicker application={application} onGranted={() => setIsOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TeamPicker({ application, onGranted }: { application: ApplicationDetail; onGranted: () => void }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const [search, setSearch] = useState('');
  const teams = useQuery({
    ...getAllTeamsQueryOptions(graphqlClient, { search: search || undefined, first: resultCount }),
    placeholderData: keepPreviousData,
  });
  const grant = useUpdateAppStatus();
  const queryClient = useQueryClient();
  const grantedTeams = new Set(application.teams.map((team) => team.friendlyId));
  const found = teams.data?.allTeams.nodes ?? [];

  function grantTo(team: { friendlyId: string; name: string }) {
    grant.mutate(
      { friendlyTeamId: team.friendlyId, appId: application.id, status: 'ENABLED' },
      {
        onSuccess: () => {
          // The administration list counts each application's teams.
          void queryClient.invalidateQueries({ queryKey: allApplicationsQueryKey });
          toast({
            title: 'Application granted',
            description: `${teamLabel(team)} can launch ${application.name}.`,
            color: 'success',
          });
          onGranted();
        },
        onError: (error) => {
          const { title, message } = parseError(error);
          toast({ title, description: message, color: 'error' });
        },
      },
    );
  }

  return (
    <div className="grid gap-4">
      <SearchField label="Find a team" placeholder="Name or friendly id" value={search} onSearch={setSearch} />
      <div className="min-h-[20.5rem]" aria-busy={teams.isFetching || undefined}>
        {teams.isPending ? (
          <div role="status" aria-label="Loading" className="grid gap-2">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-12" />
            ))}
          </div>
        ) : teams.isError ? (
          <p role="alert" className="text-sm text-error-text">
            {parseError(teams.error).message}
          </p>
        ) : found.length === 0 ? (
          <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            <SearchXIcon aria-hidden className="size-4" />
            No team matches “{search}”.
          </p>
        ) : (
          <ul aria-label="Teams found" className="grid gap-2">
            {found.map((team) => {
              const isGranted = grantedTeams.has(team.friendlyId);
              return (
                <li key={team.id} className="flex h-12 items-center justify-between gap-3 rounded-lg border px-3">
                  <div className="grid min-w-0">
                    <span className="truncate text-sm font-medium">{team.name}</span>
                    <span className="truncate font-mono text-xs text-muted-foreground">{team.friendlyId}</span>
                  </div>
                  {isGranted ? (
                    <Badge color="neutral">
                      <CheckIcon aria-hidden />
                      Has it
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      aria-label={`Grant to ${teamLabel(team)}`}
                      loading={grant.isPending && grant.variables.friendlyTeamId === team.friendlyId}
                      disabled={grant.isPending}
                      onClick={() => grantTo(team)}
                    >
                      Grant
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

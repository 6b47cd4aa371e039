import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '@/components/query-content';
import { RelativeTime } from '@/components/relative-time';
import { SectionCard } from '@/components/section-card';
import { useRouteContext } from '@tanstack/react-router';
import { KeyRoundIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { getServiceKeysQueryOptions, type ServiceKeySummary } from '../api/get-service-keys';
import { useRevokeServiceKey } from '../api/revoke-service-key';
import { CreateServiceKeyDialog } from './create-service-key-dialog';
import { ServiceKeyPrefix } from './service-key-prefix';

export function ServiceKeysSection() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const serviceKeys = useQuery(getServiceKeysQueryOptions(graphqlClient));

  return (
    <SectionCard
      title="Service keys"
      description="Keys let scripts and other services call the portal's GraphQL API as you."
      action={<CreateServiceKeyDialog />}
    >
      <QueryContent
        query={serviceKeys}
        placeholderRows={2}
        icon={KeyRoundIcon}
        failedTitle="Your keys could not be loaded"
      >
        {({ nodes, totalCount }) =>
          !nodes?.length ? (
            <EmptyState
              icon={KeyRoundIcon}
              title="No service keys"
              text="Create a key when a script or service needs to reach the API."
            />
          ) : (
            <>
              <ul aria-label="Service keys" className="divide-y rounded-lg border">
                {nodes.map((serviceKey) => (
                  <ServiceKeyRow key={serviceKey.id} serviceKey={serviceKey} />
                ))}
              </ul>
              {totalCount > nodes.length && (
                <p className="mt-3 text-sm text-muted-foreground">
                  The newest {nodes.length} of your {totalCount} keys are shown.
                </p>
              )}
            </>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}

function ServiceKeyRow({ serviceKey }: { serviceKey: ServiceKeySummary }) {
  const revokeServiceKey = useRevokeServiceKey();

  async function revoke() {
    try {
      // Awaited rather than mutate callbacks: the row leaves the list once the keys are reloaded.
      await revokeServiceKey.mutateAsync(serviceKey.id);
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
      return;
    }
    toast({ title: `Key “${serviceKey.name}” revoked`, color: 'success' });
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-medium">{serviceKey.name}</span>
          <ServiceKeyPrefix prefix={serviceKey.prefix} />
        </div>
        <p className="text-xs text-muted-foreground">
          <RelativeTime dateTime={serviceKey.createdAt} prefix="Created" />
          {' · '}
          {serviceKey.lastUsedAt ? <RelativeTime dateTime={serviceKey.lastUsedAt} prefix="last used" /> : 'never used'}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button color="error" variant="ghost" size="sm" aria-label={`Revoke ${serviceKey.name}`}>
            Revoke
          </Button>
        }
        title={`Revoke “${serviceKey.name}”?`}
        description="Anything that uses this key loses access with its next call. This cannot be undone."
        confirmLabel="Revoke key"
        isPending={revokeServiceKey.isPending}
        onConfirm={() => void revoke()}
      />
    </li>
  );
}

import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast-store';
import { RelativeTime } from '@/components/relative-time';
import { fullNameOf } from '@/lib/full-name';
import { parseError } from '@/lib/graphql-client';
import type { InstallationServiceKey } from '../api/get-all-service-keys';
import { useRevokeAnyServiceKey } from '../api/revoke-any-service-key';
import { ServiceKeyPrefix } from './service-key-prefix';

/** Every user's working keys, for a system administrator, each revocable after a confirmation. */
export function AllServiceKeysTable({ serviceKeys }: { serviceKeys: InstallationServiceKey[] }) {
  return (
    <Table>
      <TableCaption>Service keys</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="px-3 sm:px-4">Key</TableHead>
          <TableHead className="px-3 sm:px-4">Owner</TableHead>
          <TableHead className="hidden lg:table-cell">Created</TableHead>
          <TableHead className="hidden lg:table-cell">Last used</TableHead>
          <TableHead className="px-3 sm:px-4">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {serviceKeys.map((serviceKey) => (
          <ServiceKeyRow key={serviceKey.id} serviceKey={serviceKey} />
        ))}
      </TableBody>
    </Table>
  );
}

function ServiceKeyRow({ serviceKey }: { serviceKey: InstallationServiceKey }) {
  const revokeServiceKey = useRevokeAnyServiceKey();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const { owner } = serviceKey;

  async function revoke() {
    try {
      // Awaited rather than mutate callbacks: the row leaves the table once the list is reloaded.
      await revokeServiceKey.mutateAsync(serviceKey.id);
    } catch (error) {
      setIsConfirmOpen(false);
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
      return;
    }
    setIsConfirmOpen(false);
    toast({ title: `Key “${serviceKey.name}” of ${owner.email} revoked`, color: 'success' });
  }

  const created = <RelativeTime dateTime={serviceKey.createdAt} />;
  const lastUsed = serviceKey.lastUsedAt ? <RelativeTime dateTime={serviceKey.lastUsedAt} /> : 'Never';
  return (
    <TableRow>
      <TableCell className="px-3 sm:px-4">
        <div className="grid gap-1">
          <span className="font-medium break-words">{serviceKey.name}</span>
          <ServiceKeyPrefix prefix={serviceKey.prefix} />
          {/* Below lg the date columns are hidden and shown here, so the row fits and Revoke stays in view. */}
          <p className="text-xs text-muted-foreground lg:hidden">
            <RelativeTime dateTime={serviceKey.createdAt} prefix="Created" />
            {' · '}
            {serviceKey.lastUsedAt ? (
              <RelativeTime dateTime={serviceKey.lastUsedAt} prefix="last used" />
            ) : (
              'never used'
            )}
          </p>
        </div>
      </TableCell>
      <TableCell className="px-3 sm:px-4">
        <div className="grid gap-0.5">
          <Link to="/system/users/$id" params={{ id: owner.id }} className="font-medium break-words hover:underline">
            {fullNameOf(owner)}
          </Link>
          <span className="text-xs break-all text-muted-foreground sm:break-normal">{owner.email}</span>
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">{created}</TableCell>
      <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">{lastUsed}</TableCell>
      <TableCell className="px-3 text-right sm:px-4">
        <ConfirmDialog
          open={isConfirmOpen}
          onOpenChange={setIsConfirmOpen}
          trigger={
            <Button color="error" variant="ghost" size="sm" aria-label={`Revoke ${serviceKey.name} of ${owner.email}`}>
              Revoke
            </Button>
          }
          title={`Revoke “${serviceKey.name}”?`}
          description={`This key of ${fullNameOf(owner)} (${owner.email}) stops working with its next call. The owner is not told; this cannot be undone.`}
          confirmLabel="Revoke key"
          isPending={revokeServiceKey.isPending}
          onConfirm={() => void revoke()}
        />
      </TableCell>
    </TableRow>
  );
}

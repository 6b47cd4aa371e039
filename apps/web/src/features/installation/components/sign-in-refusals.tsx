import { ShieldCheckIcon } from 'lucide-react';
import { RelativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { SignInRefusal } from '../api/get-installation-status';

/** What each `reason` code means for the administrator; an unknown code is shown as it is. */
const reasonTitles: Record<string, string> = {
  signature: 'Signature not verified',
  issuer: 'Another issuer',
  claims: 'Malformed claims',
  audience: 'Meant for another client',
  authorized_party: 'Issued to another client',
  token_type: 'An access token, not an ID token',
  organization: 'Another organisation',
  expiry: 'Expired or not yet valid',
  nonce: 'Nonce of another attempt',
  nonce_missing: 'No nonce',
  token_spent: 'Token used before',
  discovery: 'Provider unreachable',
  userinfo: 'Userinfo failed',
  access_token_hash: 'Access token of another sign-in',
  email_missing: 'No email address',
  account_deleted: 'Account deleted',
  sessions_ended: 'Sessions ended',
  account_suspended: 'Account suspended',
};

/** The latest sign-ins the portal refused, with the check that failed: what the person could not see. */
export function SignInRefusals({ refusals }: { refusals: SignInRefusal[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refused sign-ins</CardTitle>
        <CardDescription>
          The latest sign-ins the portal refused, on every replica. The person was told what to do; here is which check
          failed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {refusals.length === 0 ? (
          <EmptyState
            icon={ShieldCheckIcon}
            title="No refused sign-ins"
            text="When the portal refuses a sign-in, the reason appears here and in the server's log."
          />
        ) : (
          <ol className="divide-y">
            {refusals.map((refusal) => (
              <li
                key={`${refusal.refusedAt}-${refusal.reason}-${refusal.detail}`}
                className="grid gap-1.5 py-4 first:pt-0 last:pb-0"
              >
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-medium">{reasonTitles[refusal.reason] ?? refusal.reason}</span>
                    <Badge color="warning" size="sm" className="font-mono">
                      {refusal.reason}
                    </Badge>
                  </span>
                  <RelativeTime dateTime={refusal.refusedAt} className="text-sm text-muted-foreground tabular-nums" />
                </div>
                <p className="text-sm break-words">{refusal.detail}</p>
                <p className="text-xs break-all text-muted-foreground">
                  {`Issuer ${refusal.issuer} · client ${refusal.clientId}`}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

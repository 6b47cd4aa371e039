import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

export const getInstallationStatusDocument = graphql(`
  query GetInstallationStatus {
    installationStatus {
      version
      environment
      database {
        kind
        isReachable
        areMigrationsApplied
        serverVersion
      }
      identityProvider {
        kind
        issuer
        signupMode
        signupAllowedDomains
      }
      mail {
        isConfigured
        fromAddress
      }
      isBillingWebhookSecretConfigured
      rateLimitStore
      isMonitoringConfigured
      isTagManagerConfigured
      recentSignInRefusals {
        refusedAt
        reason
        detail
        issuer
        clientId
      }
    }
  }
`);

export type InstallationStatus = ResultOf<typeof getInstallationStatusDocument>['installationStatus'];
export type SignInRefusal = InstallationStatus['recentSignInRefusals'][number];

export function getInstallationStatusQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: ['installation', 'status'],
    queryFn: async () => (await graphqlClient.request(getInstallationStatusDocument)).installationStatus,
    // A status page should say how things are now, not 30 seconds ago.
    staleTime: 0,
  });
}

import { useRouteContext } from '@tanstack/react-router';
import { useCallback } from 'react';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

export const logInteractionDocument = graphql(`
  mutation LogInteraction($entityId: ID!, $type: InteractionType!) {
    logInteraction(entityId: $entityId, type: $type)
  }
`);

/** What is launched: an application granted to a team, or a bookmark (docs/spec.md §3, "Bookmark kinds"). */
export type InteractionType = 'APPLICATION' | 'BOOKMARK';

export interface LaunchTarget {
  /** The application's or the bookmark's id. */
  id: string;
  url: string;
  type: InteractionType;
}

/**
 * Records the launch without waiting for it (a failed record never keeps anyone from their tool; the
 * client reports failures to monitoring) and, unless the browser already opens it (a middle or modified
 * click on a link), opens the address in a new tab that gets neither this window nor the referrer.
 */
export function launch(graphqlClient: GraphQLClient, target: LaunchTarget, { open = true } = {}): void {
  graphqlClient.request(logInteractionDocument, { entityId: target.id, type: target.type }).catch(() => undefined);
  if (open) {
    window.open(target.url, '_blank', 'noopener,noreferrer');
  }
}

/** `launch` bound to the app's GraphQL client: the one way applications and bookmarks are opened. */
export function useLaunch() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useCallback(
    (target: LaunchTarget, options?: { open?: boolean }) => launch(graphqlClient, target, options),
    [graphqlClient],
  );
}

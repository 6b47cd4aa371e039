import { queryOptions } from '@tanstack/react-query';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import type { ResultOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

export const getMyPasskeysDocument = graphql(`
  query GetMyPasskeys {
    myPasskeys {
      id
      name
      createdAt
      lastUsedAt
      backedUp
    }
  }
`);

export const startPasskeyRegistrationDocument = graphql(`
  mutation StartPasskeyRegistration {
    startPasskeyRegistration
  }
`);

export const finishPasskeyRegistrationDocument = graphql(`
  mutation FinishPasskeyRegistration($input: FinishPasskeyRegistrationInput!) {
    finishPasskeyRegistration(input: $input) {
      id
      name
    }
  }
`);

export const renamePasskeyDocument = graphql(`
  mutation RenamePasskey($input: RenamePasskeyInput!) {
    renamePasskey(input: $input) {
      id
      name
    }
  }
`);

export const removePasskeyDocument = graphql(`
  mutation RemovePasskey($id: ID!) {
    removePasskey(id: $id) {
      id
      name
    }
  }
`);

export type MyPasskey = ResultOf<typeof getMyPasskeysDocument>['myPasskeys'][number];

export const myPasskeysQueryKey = ['account', 'passkeys'] as const;

export function getMyPasskeysQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: myPasskeysQueryKey,
    queryFn: () => graphqlClient.request(getMyPasskeysDocument),
  });
}

/**
 * Adds a passkey: the server's options, the browser's dialog (SimpleWebAuthn), then the server's check. Other
 * sessions end when it is added, so their list is refreshed too.
 */
export function useAddPasskey() {
  return useGraphQLMutation(
    async (graphqlClient, name: string) => {
      const { startPasskeyRegistration } = await graphqlClient.request(startPasskeyRegistrationDocument);
      const optionsJSON = JSON.parse(startPasskeyRegistration) as PublicKeyCredentialCreationOptionsJSON;
      const response = await startRegistration({ optionsJSON });
      return graphqlClient.request(finishPasskeyRegistrationDocument, {
        input: { name, response: JSON.stringify(response) },
      });
    },
    { invalidates: [['account']] },
  );
}

export function useRenamePasskey() {
  return useGraphQLMutation(
    (graphqlClient, input: { id: string; name: string }) => graphqlClient.request(renamePasskeyDocument, { input }),
    { invalidates: [myPasskeysQueryKey] },
  );
}

export function useRemovePasskey() {
  return useGraphQLMutation((graphqlClient, id: string) => graphqlClient.request(removePasskeyDocument, { id }), {
    invalidates: [['account']],
  });
}

import { useQueryClient, queryOptions } from '@tanstack/react-query';
import type { ResultOf, VariablesOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

/** One type's delivery, as the list shows it and as saving one answers it (the answer replaces the cached entry). */
const notificationPreferenceFieldsFragment = graphql(`
  fragment NotificationPreferenceFields on NotificationPreference @_unmask {
    type
    delivery
    defaultDelivery
    isChosen
  }
`);

export const getMyNotificationPreferencesDocument = graphql(
  `
    query GetMyNotificationPreferences {
      myNotificationPreferences {
        emailAvailable
        preferences {
          ...NotificationPreferenceFields
        }
      }
    }
  `,
  [notificationPreferenceFieldsFragment],
);

export const setMyNotificationPreferenceDocument = graphql(
  `
    mutation SetMyNotificationPreference($input: SetNotificationPreferenceInput!) {
      setMyNotificationPreference(input: $input) {
        ...NotificationPreferenceFields
      }
    }
  `,
  [notificationPreferenceFieldsFragment],
);

export type NotificationPreference = ResultOf<
  typeof getMyNotificationPreferencesDocument
>['myNotificationPreferences']['preferences'][number];
export type NotificationDelivery = NotificationPreference['delivery'];
export type SetNotificationPreferenceInput = VariablesOf<typeof setMyNotificationPreferenceDocument>['input'];

export const myNotificationPreferencesQueryKey = ['account', 'notification-preferences'] as const;

export function getMyNotificationPreferencesQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: myNotificationPreferencesQueryKey,
    queryFn: () => graphqlClient.request(getMyNotificationPreferencesDocument),
  });
}

/** Saves one type's delivery and writes the answer into the cached list, so every switch shows it at once. */
export function useSetMyNotificationPreference() {
  const queryClient = useQueryClient();
  return useGraphQLMutation(
    (graphqlClient, input: SetNotificationPreferenceInput) =>
      graphqlClient.request(setMyNotificationPreferenceDocument, { input }),
    {
      onSuccess: ({ setMyNotificationPreference: saved }) =>
        queryClient.setQueryData(
          myNotificationPreferencesQueryKey,
          (cached: ResultOf<typeof getMyNotificationPreferencesDocument> | undefined) =>
            cached && {
              myNotificationPreferences: {
                ...cached.myNotificationPreferences,
                preferences: cached.myNotificationPreferences.preferences.map((preference) =>
                  preference.type === saved.type ? saved : preference,
                ),
              },
            },
        ),
    },
  );
}

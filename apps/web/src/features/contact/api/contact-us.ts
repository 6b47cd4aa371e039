import type { ContactUsInput } from '@dxp/contracts/contact-us';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

export const contactUsDocument = graphql(`
  mutation ContactUs($input: ContactUsInput!) {
    contactUs(input: $input)
  }
`);

/** Sends the message to the system administrators; open without sign-in and rate limited. */
export function useContactUs() {
  return useGraphQLMutation((graphqlClient, input: ContactUsInput) =>
    graphqlClient.request(contactUsDocument, { input }),
  );
}

import type { ContactUsInput } from '@dxp/contracts/contact-us';
import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';

export const contactUsDocument = graphql(`
  mutation ContactUs($input: ContactUsInput!) {
    contactUs(input: $input)
  }
`);

/** Sends the message to the system administrators; open without sign-in and rate limited. */
export function useContactUs() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useMutation({
    mutationFn: (input: ContactUsInput) => graphqlClient.request(contactUsDocument, { input }),
  });
}

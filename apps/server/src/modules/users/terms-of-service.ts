import type { Authenticator } from '../../auth/authenticator.js';
import { AppError } from '../../errors.js';

/**
 * The product's terms of service. `version` is the date this text took effect: change it together with
 * the text (account.test.ts pins both), and every user is asked to accept the new version. It lives with
 * the users module because the user info every sign-in returns says whether the current version is accepted.
 */
export const termsOfService = {
  version: '2026-11-01',
  markdown: `# Terms of service

These terms govern your use of DXP Portal ("the portal"), operated by the organisation that runs this
installation ("we").

## Your account
- You keep your sign-in details to yourself and tell us at once if you think someone else has used them.
- Service keys act as you. Treat them like passwords and revoke any key you no longer need.
- You may delete your account at any time from your profile once no team depends on you as its owner.

## Acceptable use
- Use the portal and the applications it grants only for the purposes your organisation allows.
- Do not try to reach data of teams you do not belong to, to disrupt the service, or to probe other systems through it.

## Your data
- We keep your name, email address, phone number, team memberships, bookmarks and notifications to run the portal.
- An audit log records what is done in the portal. When you delete your account, your personal data is removed
  and your email address in the audit log is replaced by a pseudonym.

## Changes
When these terms change, the portal asks you to accept the new version before you go on using it.

## Contact
Questions about these terms: use the contact form of the portal.
`,
} as const;

/** What the API answers a signed-in person who has not accepted the current terms (anything but reading and accepting them). */
export function termsNotAccepted(): AppError {
  return new AppError('TERMS_NOT_ACCEPTED', 'Accept the current terms of service first.', {
    currentVersion: termsOfService.version,
  });
}

/** For REST routes: an authenticator that, as GraphQL does, refuses a person who has not accepted the current terms. */
export function refusingUnacceptedTerms(authenticator: Authenticator): Authenticator {
  return {
    authenticate: async (authorizationHeader) => {
      const actor = await authenticator.authenticate(authorizationHeader);
      if (actor && !hasAcceptedCurrentTerms(actor.user)) throw termsNotAccepted();
      return actor;
    },
  };
}

/** The SPA sends a signed-in user to /terms-of-service until this is true; until then the API refuses them too. */
export function hasAcceptedCurrentTerms(user: { acceptedTermsVersion: string | null }): boolean {
  return user.acceptedTermsVersion === termsOfService.version;
}

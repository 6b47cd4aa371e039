import { contactMessageMaxLength } from '@dxp/contracts/contact-us';
import { emailAddressMaxLength } from '@dxp/contracts/email-address';
import { phoneNumberMaxLength } from '@dxp/contracts/phone-number';
import { nameMaxLength } from '@dxp/contracts/text';
import { builder } from '../../graphql/builder.js';
import { nullable, nullableDateTime } from '../../graphql/field-options.js';
import { builtInIssuerOf, requireActor } from '../../graphql/context.js';
import { serviceWithInput } from '../../graphql/service-resolvers.js';
import { UserType } from '../users/users.graphql.js';
import {
  checkDeleteAccount,
  type DeleteAccountCheck,
  type DeleteAccountProblem,
  deleteAccount,
} from './account-deletion.service.js';
import { acceptTerms, getMyProfile, updateMyProfile } from './account.service.js';
import { contactUsRateLimit, sendContactMessage } from './contact-us.service.js';
import { hasAcceptedCurrentTerms, termsOfService } from '../users/terms-of-service.js';

builder.objectFields(UserType, (t) => ({
  termsAcceptedAt: t.expose(
    'termsAcceptedAt',
    nullableDateTime('When the user last accepted the terms of service; null if never.'),
  ),
  hasAcceptedCurrentTerms: t.boolean({
    description: 'False until the user accepts the current terms of service; the SPA sends them to /terms-of-service.',
    resolve: (user) => hasAcceptedCurrentTerms(user),
  }),
}));

const TermsOfServiceType = builder.objectRef<typeof termsOfService>('TermsOfService').implement({
  description: 'The terms of service every user accepts before using the portal.',
  fields: (t) => ({
    version: t.exposeString('version', { description: 'The date this text took effect (ISO 8601, e.g. 2026-11-01).' }),
    markdown: t.exposeString('markdown', { description: 'The text, in Markdown.' }),
  }),
});

const DeleteAccountErrorType = builder.objectRef<DeleteAccountProblem>('DeleteAccountError').implement({
  description:
    'What blocks the deletion: a team (TEAM_MUST_HAVE_OWNER; transfer its ownership at /teams/{teamFriendlyId}/members) or being the last system administrator (INVALID_CONTENT).',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'TEAM_MUST_HAVE_OWNER or INVALID_CONTENT.' }),
    message: t.exposeString('message', { description: 'What blocks the deletion, in words for the person.' }),
    teamFriendlyId: t.exposeString('teamFriendlyId', nullable("The team's friendly id, for TEAM_MUST_HAVE_OWNER.")),
    teamName: t.exposeString('teamName', nullable("The team's name, for TEAM_MUST_HAVE_OWNER.")),
  }),
});

const CheckDeleteAccountType = builder.objectRef<DeleteAccountCheck>('CheckDeleteAccountResult').implement({
  description: 'Whether the signed-in user may delete their account now.',
  fields: (t) => ({
    success: t.exposeBoolean('success', { description: 'True when nothing blocks the deletion.' }),
    errors: t.field({
      type: [DeleteAccountErrorType],
      description: 'What blocks it; empty when success is true.',
      resolve: (check) => check.errors,
    }),
  }),
});

const ContactUsInput = builder.inputType('ContactUsInput', {
  description: 'A message to the system administrators.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Your name: 1 to 100 characters on one line.' }),
    email: t.string({
      required: true,
      description: `The address to answer to, at most ${emailAddressMaxLength} characters.`,
    }),
    subject: t.string({ required: true, description: 'The subject: 1 to 200 characters on one line.' }),
    message: t.string({ required: true, description: `The message: 1 to ${contactMessageMaxLength} characters.` }),
  }),
});

const UpdateMyProfileInput = builder.inputType('UpdateMyProfileInput', {
  description: 'The email address comes from the identity provider and cannot be changed here.',
  fields: (t) => ({
    firstName: t.string({ required: true, description: `First name: 1 to ${nameMaxLength} characters.` }),
    lastName: t.string({ required: true, description: `Last name: 1 to ${nameMaxLength} characters.` }),
    primaryPhone: t.string({
      description: `Phone number: 7 to 15 digits, with + ( ) . - and spaces, at most ${phoneNumberMaxLength} characters. Empty or null removes the number.`,
    }),
  }),
});

builder.queryFields((t) => ({
  myProfile: t.field({
    type: UserType,
    description: 'The signed-in user; a userId other than their own is NOT_FOUND.',
    args: { userId: t.arg.id({ description: 'Optional: your own id.' }) },
    resolve: async (_root, { userId }, context) => getMyProfile({ actor: await requireActor(context), userId }),
  }),
  checkDeleteAccount: t.field({
    type: CheckDeleteAccountType,
    authScopes: { notServiceKey: true },
    description: 'Whether the signed-in user may delete their account, with one error per team in the way.',
    resolve: async (_root, _args, context) => checkDeleteAccount(context.db, { actor: await requireActor(context) }),
  }),
  termsOfService: t.field({
    type: TermsOfServiceType,
    description: 'The current terms of service, readable without signing in.',
    skipTypeScopes: true,
    resolve: () => termsOfService,
  }),
}));

builder.mutationFields((t) => ({
  updateMyProfile: t.field({
    type: UserType,
    description: "Changes the signed-in user's names and phone number.",
    args: { userInput: t.arg({ type: UpdateMyProfileInput, required: true, description: 'The new names and phone.' }) },
    resolve: serviceWithInput(updateMyProfile, 'userInput'),
  }),
  acceptTerms: t.field({
    type: UserType,
    description:
      'Accepts the current terms; pass the version you showed, and an outdated one is refused. With reading the terms, the one operation open before they are accepted (TERMS_NOT_ACCEPTED elsewhere).',
    skipTypeScopes: true,
    authScopes: { $all: { signedIn: true, withinMutationLimit: true } },
    args: {
      version: t.arg.string({ description: 'The version you showed (TermsOfService.version); refused when outdated.' }),
    },
    resolve: async (_root, { version }, context) =>
      acceptTerms(context.db, { actor: await requireActor(context), version }),
  }),
  deleteAccount: t.boolean({
    authScopes: { notServiceKey: true },
    description: 'Deletes the signed-in user and their personal data; refused while checkDeleteAccount fails.',
    resolve: async (_root, _args, context) => {
      await deleteAccount(context.db, {
        actor: await requireActor(context),
        builtInIdentityIssuer: builtInIssuerOf(context.config.identity),
      });
      return true;
    },
  }),
  contactUs: t.boolean({
    description: 'Sends a message to the system administrators; open without sign-in, 5 per 10 minutes per address.',
    skipTypeScopes: true,
    args: { input: t.arg({ type: ContactUsInput, required: true, description: 'The message.' }) },
    resolve: async (_root, { input }, context) => {
      await context.enforceRateLimit(contactUsRateLimit);
      await sendContactMessage(context.db, {
        actor: await context.actor(),
        input,
        mail: context.config.mail,
        logger: context.logger,
      });
      return true;
    },
  }),
}));

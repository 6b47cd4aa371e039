import { builder } from '../../graphql/builder.js';
import { requireActor } from '../../graphql/context.js';
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
  termsAcceptedAt: t.expose('termsAcceptedAt', { type: 'DateTime', nullable: true }),
  hasAcceptedCurrentTerms: t.boolean({
    description: 'False until the user accepts the current terms of service; the SPA sends them to /terms-of-service.',
    resolve: (user) => hasAcceptedCurrentTerms(user),
  }),
}));

const TermsOfServiceType = builder.objectRef<typeof termsOfService>('TermsOfService').implement({
  fields: (t) => ({
    version: t.exposeString('version', { description: 'The date this text took effect (ISO 8601, e.g. 2026-11-01).' }),
    markdown: t.exposeString('markdown', { description: 'The text, in Markdown.' }),
  }),
});

const DeleteAccountErrorType = builder.objectRef<DeleteAccountProblem>('DeleteAccountError').implement({
  description:
    'What blocks the deletion: a team (TEAM_MUST_HAVE_OWNER; transfer its ownership at /teams/{teamFriendlyId}/members) or being the last system administrator (INVALID_CONTENT).',
  fields: (t) => ({
    code: t.exposeString('code'),
    message: t.exposeString('message'),
    teamFriendlyId: t.exposeString('teamFriendlyId', { nullable: true }),
    teamName: t.exposeString('teamName', { nullable: true }),
  }),
});

const CheckDeleteAccountType = builder.objectRef<DeleteAccountCheck>('CheckDeleteAccountResult').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    errors: t.field({ type: [DeleteAccountErrorType], resolve: (check) => check.errors }),
  }),
});

const ContactUsInput = builder.inputType('ContactUsInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    subject: t.string({ required: true }),
    message: t.string({ required: true }),
  }),
});

const UpdateMyProfileInput = builder.inputType('UpdateMyProfileInput', {
  description: 'The email address comes from the identity provider and cannot be changed here.',
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    primaryPhone: t.string({ description: 'Empty or null removes the number.' }),
  }),
});

builder.queryFields((t) => ({
  myProfile: t.field({
    type: UserType,
    description: 'The signed-in user; a userId other than their own is NOT_FOUND.',
    args: { userId: t.arg.id() },
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
    args: { userInput: t.arg({ type: UpdateMyProfileInput, required: true }) },
    resolve: async (_root, { userInput }, context) =>
      updateMyProfile(context.db, { actor: await requireActor(context), input: userInput }),
  }),
  acceptTerms: t.field({
    type: UserType,
    description:
      'Accepts the current terms; pass the version you showed, and an outdated one is refused. With reading the terms, the one operation open before they are accepted (TERMS_NOT_ACCEPTED elsewhere).',
    skipTypeScopes: true,
    authScopes: { $all: { signedIn: true, withinMutationLimit: true } },
    args: { version: t.arg.string() },
    resolve: async (_root, { version }, context) =>
      acceptTerms(context.db, { actor: await requireActor(context), version }),
  }),
  deleteAccount: t.boolean({
    authScopes: { notServiceKey: true },
    description: 'Deletes the signed-in user and their personal data; refused while checkDeleteAccount fails.',
    resolve: async (_root, _args, context) => {
      const builtInIdentityIssuer =
        context.config.identity.kind === 'built-in' ? context.config.identity.issuer : undefined;
      await deleteAccount(context.db, { actor: await requireActor(context), builtInIdentityIssuer });
      return true;
    },
  }),
  contactUs: t.boolean({
    description: 'Sends a message to the system administrators; open without sign-in, 5 per 10 minutes per address.',
    skipTypeScopes: true,
    args: { input: t.arg({ type: ContactUsInput, required: true }) },
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

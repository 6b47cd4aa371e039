import type { UserRow } from '../../db/schema/users.js';
import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { builtInIssuerOf, requireActor } from '../../graphql/context.js';
import { serviceWithInput } from '../../graphql/service-resolvers.js';
import {
  emailedLinkType,
  handedOverLinkFields,
  handOverLink,
  type HandedOverLink,
} from '../../graphql/handed-over-links.js';
import { UserType } from '../users/users.graphql.js';
import { accountCreatedMail, verificationMail } from '../../idp/account-mails.js';
import {
  createPerson,
  createVerificationLink,
  listAllUsers,
  reactivateUser,
  requireUser,
  resetSecondFactors,
  suspendUser,
  updateUser,
  type UserSecondFactors,
  userSecondFactors,
} from './admin-users.service.js';

const UpdateUserInput = builder.inputType('UpdateUserInput', {
  description: 'Omitted fields keep their value; null or empty text clears primaryPhone and ordwayCustomerId.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The user to change.' }),
    firstName: t.string({ description: 'First name: 1 to 100 characters.' }),
    lastName: t.string({ description: 'Last name: 1 to 100 characters.' }),
    primaryPhone: t.string({ description: 'Phone number: digits, spaces and + ( ) . / -, 3 to 40 characters.' }),
    isSystemAdmin: t.boolean({ description: 'The last system administrator cannot be demoted.' }),
    ordwayCustomerId: t.string({
      description: 'The billing customer whose billing and invoices the user sees, at most 100 characters.',
    }),
  }),
});

builder.queryFields((t) => ({
  allUsers: t.connection(
    {
      type: UserType,
      authScopes: { systemAdmin: true },
      description: 'Every user, ordered by first name, last name and email (system administrators only).',
      args: {
        search: t.arg.string({ description: 'Matches email, first name or last name, ignoring case.' }),
      },
      resolve: (_root, { search, ...page }, context, info) =>
        listAllUsers(context.db, { search, page: pageRequestOf(page, info) }),
    },
    ...connectionTypeNames('allUsers'),
  ),
  userById: t.field({
    type: UserType,
    authScopes: { systemAdmin: true },
    description: 'One user by id (system administrators only); NOT_FOUND when there is none.',
    args: { userId: t.arg.id({ required: true, description: "The user's id." }) },
    resolve: (_root, { userId }, context) => requireUser(context.db, userId),
  }),
}));

builder.mutationField('updateUser', (t) =>
  t.field({
    type: UserType,
    authScopes: { systemAdmin: true },
    description:
      "Changes a user's names, phone, billing customer or system administrator role (system administrators only).",
    args: { userInput: t.arg({ type: UpdateUserInput, required: true, description: 'The user and the changes.' }) },
    resolve: serviceWithInput(updateUser, 'userInput'),
  }),
);

const CreatePersonInput = builder.inputType('CreatePersonInput', {
  description: 'A person a system administrator adds to the built-in identity provider.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'Their email address, at most 254 characters.' }),
    firstName: t.string({ required: true, description: 'First name: 1 to 100 characters.' }),
    lastName: t.string({ required: true, description: 'Last name: 1 to 100 characters.' }),
  }),
});

const CreatedPersonType = builder.objectRef<HandedOverLink & { user: UserRow }>('CreatedPerson').implement({
  description: 'A person a system administrator added, and how they get their set-password link.',
  fields: (t) => ({
    user: t.field({ type: UserType, description: 'The new user.', resolve: (created) => created.user }),
  }),
});
handedOverLinkFields(CreatedPersonType, {
  mailed: 'Whether the set-password link was mailed to the person (SMTP_URL is set).',
  link: 'The set-password link to hand over yourself, only when no mail is configured; 7 days, once.',
});

const VerificationLinkType = emailedLinkType('VerificationLink', {
  type: "A new link that confirms a person's email address, made by a system administrator.",
  email: 'The address the link confirms.',
  mailed: 'Whether the link was mailed to the person (SMTP_URL is set).',
  link: 'The link to hand over yourself, only when no mail is configured; it works for 24 hours, once.',
});

builder.mutationFields((t) => ({
  createPerson: t.field({
    type: CreatedPersonType,
    authScopes: { systemAdmin: true },
    description:
      'System administrators: adds a person to the built-in identity provider, who gets a link to choose a password ' +
      '(mailed, or returned to copy when no mail is configured). DUPLICATE_VALUE when the address has an account.',
    args: { input: t.arg({ type: CreatePersonInput, required: true, description: 'The new person.' }) },
    resolve: async (_root, { input }, context) => {
      const { mail, publicUrl } = context.config;
      const { user, link } = await createPerson(context.db, {
        actor: await requireActor(context),
        input,
        builtInIssuer: builtInIssuerOf(context.config.identity),
        publicUrl,
      });
      return { user, ...(await handOverLink(mail, { to: user.email, link, mailOf: accountCreatedMail })) };
    },
  }),
  suspendUser: t.field({
    type: UserType,
    authScopes: { systemAdmin: true },
    description:
      "System administrators: suspends an account. Its sessions end, its service keys are refused from the next request and it cannot sign in until reactivated. Not one's own account nor the last active system administrator.",
    args: { userId: t.arg.id({ required: true, description: 'The account to suspend.' }) },
    resolve: async (_root, { userId }, context) =>
      suspendUser(context.db, {
        actor: await requireActor(context),
        userId,
        builtInIssuer: builtInIssuerOf(context.config.identity),
      }),
  }),
  reactivateUser: t.field({
    type: UserType,
    authScopes: { systemAdmin: true },
    description: 'System administrators: lets a suspended account sign in again; its service keys answer again.',
    args: { userId: t.arg.id({ required: true, description: 'The account to reactivate.' }) },
    resolve: async (_root, { userId }, context) =>
      reactivateUser(context.db, { actor: await requireActor(context), userId }),
  }),
  resendVerificationMail: t.field({
    type: VerificationLinkType,
    authScopes: { systemAdmin: true },
    description:
      'System administrators: a new link confirming the email address of a person of the built-in provider whose ' +
      'address is not confirmed yet, mailed to them or returned to copy when no mail is configured.',
    args: { userId: t.arg.id({ required: true, description: 'The person whose address is to be confirmed.' }) },
    resolve: async (_root, { userId }, context) => {
      const { mail, publicUrl } = context.config;
      const { email, link } = await createVerificationLink(context.db, {
        actor: await requireActor(context),
        userId,
        builtInIssuer: builtInIssuerOf(context.config.identity),
        publicUrl,
        mailed: mail !== undefined,
      });
      return { email, ...(await handOverLink(mail, { to: email, link, mailOf: verificationMail })) };
    },
  }),
}));

const UserSecondFactorsType = builder.objectRef<UserSecondFactors>('UserSecondFactors').implement({
  description:
    'Whether a person has second factors at the built-in provider, as a system administrator sees it (never the factors themselves).',
  fields: (t) => ({
    managedHere: t.exposeBoolean('managedHere', {
      description: 'False when the person signs in with an external identity provider, which keeps their factors.',
    }),
    totpEnabled: t.exposeBoolean('totpEnabled', { description: 'Whether an authenticator app is set up.' }),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft', {
      description: 'How many unused recovery codes are left (0 without an authenticator app).',
    }),
    passkeyCount: t.exposeInt('passkeyCount', { description: 'How many passkeys the person has.' }),
  }),
});

builder.queryField('userSecondFactors', (t) =>
  t.field({
    type: UserSecondFactorsType,
    authScopes: { systemAdmin: true },
    description:
      'System administrators: whether a person has an authenticator app, recovery codes and passkeys; NOT_FOUND when there is no such user.',
    args: { userId: t.arg.id({ required: true, description: "The user's id." }) },
    resolve: async (_root, { userId }, context) =>
      userSecondFactors(context.db, {
        actor: await requireActor(context),
        userId: String(userId),
        builtInIssuer: builtInIssuerOf(context.config.identity),
      }),
  }),
);

builder.mutationField('resetSecondFactors', (t) =>
  t.field({
    type: UserSecondFactorsType,
    authScopes: { systemAdmin: true },
    description:
      "System administrators: removes a person's authenticator app, recovery codes and passkeys (a lost phone) and ends every session of theirs; they are notified and sign in with their password alone until they set up a factor again. Not one's own account, nor a person of an external provider (INVALID_REQUEST).",
    args: { userId: t.arg.id({ required: true, description: 'The person whose second factors are reset.' }) },
    resolve: async (_root, { userId }, context) =>
      resetSecondFactors(context.db, {
        actor: await requireActor(context),
        userId: String(userId),
        builtInIssuer: builtInIssuerOf(context.config.identity),
      }),
  }),
);

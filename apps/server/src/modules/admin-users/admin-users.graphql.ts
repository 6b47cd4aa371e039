import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { UserType } from '../users/users.graphql.js';
import { listAllUsers, requireUser, updateUser } from './admin-users.service.js';

const allUsersNames = connectionTypeNames('allUsers');

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
    allUsersNames.connection,
    allUsersNames.edge,
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
    resolve: async (_root, { userInput }, context) =>
      updateUser(context.db, { actor: await requireActor(context), input: userInput }),
  }),
);

import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { UserType } from '../users/users.graphql.js';
import { listAllUsers, requireUser, updateUser } from './admin-users.service.js';

const allUsersNames = connectionTypeNames('allUsers');

const UpdateUserInput = builder.inputType('UpdateUserInput', {
  description: 'Omitted fields keep their value; null or empty text clears primaryPhone and ordwayCustomerId.',
  fields: (t) => ({
    id: t.id({ required: true }),
    firstName: t.string(),
    lastName: t.string(),
    primaryPhone: t.string(),
    isSystemAdmin: t.boolean({ description: 'The last system administrator cannot be demoted.' }),
    ordwayCustomerId: t.string({ description: 'The billing customer whose billing and invoices the user sees.' }),
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
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, { userId }, context) => requireUser(context.db, userId),
  }),
}));

builder.mutationField('updateUser', (t) =>
  t.field({
    type: UserType,
    authScopes: { systemAdmin: true },
    args: { userInput: t.arg({ type: UpdateUserInput, required: true }) },
    resolve: async (_root, { userInput }, context) =>
      updateUser(context.db, { actor: await requireActor(context), input: userInput }),
  }),
);

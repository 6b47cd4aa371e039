import type { ServiceKeyRow } from '../../auth/service-keys.js';
import type { UserRow } from '../../db/schema/users.js';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullableDateTime } from '../../graphql/field-options.js';
import { mapPageNodes } from '../../db/keyset-pagination.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { UserType } from '../users/users.graphql.js';
import {
  createMyServiceKey,
  listAllServiceKeys,
  listMyServiceKeys,
  revokeAnyServiceKey,
  revokeMyServiceKey,
} from './service-keys.service.js';

type ServiceKeyView = Pick<ServiceKeyRow, 'id' | 'name' | 'prefix' | 'createdAt' | 'lastUsedAt'> & {
  owner: UserRow;
  plainKey?: string;
};

const ServiceKeyType = builder.objectRef<ServiceKeyView>('ServiceKey').implement({
  description: 'A key that acts as its user on /graphql, except for key management and account deletion.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The key's id." }),
    name: t.exposeString('name', { description: "The key's name, to tell what uses it." }),
    prefix: t.exposeString('prefix', { description: 'The first characters of the key, to tell keys apart.' }),
    createdAt: t.expose('createdAt', dateTime('When it was created.')),
    lastUsedAt: t.expose('lastUsedAt', nullableDateTime('When it was last used; null if never.')),
    owner: t.field({
      type: UserType,
      description: 'The user the key acts as.',
      resolve: (serviceKey) => serviceKey.owner,
    }),
    key: t.string({
      nullable: true,
      description: 'The whole key: only in the answer of createServiceKey, never again.',
      resolve: (serviceKey) => serviceKey.plainKey ?? null,
    }),
  }),
});

/** Hands out the listed columns only: the hash stays on the server. */
const toServiceKeyView = (
  { id, name, prefix, createdAt, lastUsedAt }: ServiceKeyRow,
  owner: UserRow,
): ServiceKeyView => ({
  id,
  name,
  prefix,
  createdAt,
  lastUsedAt,
  owner,
});

/** Key management is not for service keys, whoever their user is. */
const systemAdminNotServiceKey = { $all: { systemAdmin: true, notServiceKey: true } } as const;

builder.queryField('serviceKeys', (t) =>
  t.connection(
    {
      type: ServiceKeyType,
      authScopes: { notServiceKey: true },
      description: "The signed-in user's service keys that are not revoked, newest first (not for a service key).",
      resolve: async (_root, page, context, info) => {
        const actor = await requireActor(context);
        return mapPageNodes(await listMyServiceKeys(context.db, { actor, page: pageRequestOf(page, info) }), (key) =>
          toServiceKeyView(key, actor.user),
        );
      },
    },
    ...connectionTypeNames('serviceKeys'),
  ),
);

builder.queryField('allServiceKeys', (t) =>
  t.connection(
    {
      type: ServiceKeyType,
      authScopes: systemAdminNotServiceKey,
      description:
        'Every service key of the installation that is not revoked, newest first (system administrators only).',
      args: {
        search: t.arg.string({
          description: "Text the key's name or its owner's email contains, ignoring case; at most 200 characters.",
        }),
      },
      resolve: async (_root, { search, ...page }, context, info) =>
        mapPageNodes(await listAllServiceKeys(context.db, { search, page: pageRequestOf(page, info) }), (key) =>
          toServiceKeyView(key, key.owner),
        ),
    },
    ...connectionTypeNames('allServiceKeys'),
  ),
);

builder.mutationFields((t) => ({
  createServiceKey: t.field({
    type: ServiceKeyType,
    authScopes: { notServiceKey: true },
    description:
      'Creates a key that acts as the signed-in user (not for a service key); the answer carries the whole key, once.',
    args: { name: t.arg.string({ required: true, description: "The key's name: 1 to 100 characters." }) },
    resolve: async (_root, { name }, context) => {
      const actor = await requireActor(context);
      const { serviceKey, plainKey } = await createMyServiceKey(context.db, { actor, name });
      return { ...toServiceKeyView(serviceKey, actor.user), plainKey };
    },
  }),
  revokeServiceKey: t.field({
    type: ServiceKeyType,
    authScopes: { notServiceKey: true },
    description: 'Revokes one of your keys (not for a service key); the next call with it is refused.',
    args: { id: t.arg.id({ required: true, description: "The key's id; NOT_FOUND unless it is yours and working." }) },
    resolve: async (_root, { id }, context) => {
      const actor = await requireActor(context);
      return toServiceKeyView(await revokeMyServiceKey(context.db, { actor, serviceKeyId: id }), actor.user);
    },
  }),
  revokeAnyServiceKey: t.field({
    type: ServiceKeyType,
    authScopes: systemAdminNotServiceKey,
    description: "Revokes any user's key (system administrators only); the next call with it is refused.",
    args: { id: t.arg.id({ required: true, description: "The key's id; NOT_FOUND unless it is working." }) },
    resolve: async (_root, { id }, context) => {
      const revoked = await revokeAnyServiceKey(context.db, { actor: await requireActor(context), serviceKeyId: id });
      return toServiceKeyView(revoked, revoked.owner);
    },
  }),
}));

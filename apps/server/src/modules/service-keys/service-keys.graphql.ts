import type { ServiceKeyRow } from '../../auth/service-keys.js';
import { builder } from '../../graphql/builder.js';
import { requireActor } from '../../graphql/context.js';
import { createMyServiceKey, listMyServiceKeys, revokeMyServiceKey } from './service-keys.service.js';

type ServiceKeyView = Pick<ServiceKeyRow, 'id' | 'name' | 'prefix' | 'createdAt' | 'lastUsedAt'> & { plainKey?: string };

const ServiceKeyType = builder.objectRef<ServiceKeyView>('ServiceKey').implement({
  description: 'A key that acts as its user on /graphql, except for key management and account deletion.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', { description: 'The first characters of the key, to tell keys apart.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    key: t.string({
      nullable: true,
      description: 'The whole key: only in the answer of createServiceKey, never again.',
      resolve: (serviceKey) => serviceKey.plainKey ?? null,
    }),
  }),
});

/** Hands out the listed columns only: the hash stays on the server. */
const toServiceKeyView = ({ id, name, prefix, createdAt, lastUsedAt }: ServiceKeyRow): ServiceKeyView => ({
  id,
  name,
  prefix,
  createdAt,
  lastUsedAt,
});

builder.queryField('serviceKeys', (t) =>
  t.field({
    type: [ServiceKeyType],
    authScopes: { notServiceKey: true },
    description: "The signed-in user's service keys that are not revoked, newest first.",
    resolve: async (_root, _args, context) =>
      (await listMyServiceKeys(context.db, { actor: await requireActor(context) })).map(toServiceKeyView),
  }),
);

builder.mutationFields((t) => ({
  createServiceKey: t.field({
    type: ServiceKeyType,
    authScopes: { notServiceKey: true },
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, context) => {
      const { serviceKey, plainKey } = await createMyServiceKey(context.db, { actor: await requireActor(context), name });
      return { ...toServiceKeyView(serviceKey), plainKey };
    },
  }),
  revokeServiceKey: t.field({
    type: ServiceKeyType,
    authScopes: { notServiceKey: true },
    description: 'Revokes one of your keys; the next call with it is refused.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) =>
      toServiceKeyView(await revokeMyServiceKey(context.db, { actor: await requireActor(context), serviceKeyId: id })),
  }),
}));

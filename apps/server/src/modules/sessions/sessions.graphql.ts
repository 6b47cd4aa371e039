import type { Actor } from '../../auth/actor.js';
import type { SessionRow } from '../../db/schema/sessions.js';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullable } from '../../graphql/field-options.js';
import { requireActor } from '../../graphql/context.js';
import {
  listMySessions,
  listUserSessions,
  revokeMyOtherSessions,
  revokeMySession,
  revokeUserSession,
} from './sessions.service.js';

type SessionView = SessionRow & { isCurrent: boolean };

const toSessionView = (session: SessionRow, actor: Actor): SessionView => ({
  ...session,
  isCurrent: actor.kind === 'user' && actor.sessionId === session.id,
});

const SessionType = builder.objectRef<SessionView>('Session').implement({
  description: 'A sign-in at the portal from one browser or client, until it signs out or is revoked.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifies the session for revokeSession and revokeUserSession.' }),
    current: t.exposeBoolean('isCurrent', {
      description: 'True for the session of the access token that asks: this browser.',
    }),
    createdAt: t.expose('createdAt', dateTime('When the person signed in.')),
    lastSeenAt: t.expose(
      'lastSeenAt',
      dateTime('The last request of the session, to the minute (it is refreshed at most once a minute).'),
    ),
    clientAddress: t.exposeString(
      'clientAddress',
      nullable('The client address the sign-in came from (as the server saw it behind trusted proxies).'),
    ),
    userAgent: t.exposeString(
      'userAgent',
      nullable('The User-Agent header of the sign-in: the browser and system, as the client names them.'),
    ),
    identityIssuer: t.exposeString('identityIssuer', {
      description: 'The identity provider (its issuer) that authenticated the person.',
    }),
    authenticationMethods: t.exposeStringList(
      'authenticationMethods',
      nullable("How the provider authenticated the person (the ID token's `amr`), when it said."),
    ),
    authenticationContext: t.exposeString(
      'authenticationContext',
      nullable("The authentication context class (the ID token's `acr`), when the provider said."),
    ),
  }),
});

/** Sessions belong to people: service keys may not see or end them. */
const notServiceKey = { notServiceKey: true } as const;
const systemAdminNotServiceKey = { $all: { systemAdmin: true, notServiceKey: true } } as const;

builder.queryFields((t) => ({
  mySessions: t.field({
    type: [SessionType],
    authScopes: notServiceKey,
    description:
      "The signed-in person's sessions that have not ended, most recently used first; `current` marks this one.",
    resolve: async (_root, _args, context) => {
      const actor = await requireActor(context);
      return (await listMySessions(context.db, { actor })).map((session) => toSessionView(session, actor));
    },
  }),
  userSessions: t.field({
    type: [SessionType],
    authScopes: systemAdminNotServiceKey,
    description: "A person's sessions that have not ended, most recently used first (system administrators only).",
    args: { userId: t.arg.id({ required: true, description: 'The person whose sessions to list.' }) },
    resolve: async (_root, { userId }, context) => {
      const actor = await requireActor(context);
      return (await listUserSessions(context.db, { actor, userId: String(userId) })).map((session) =>
        toSessionView(session, actor),
      );
    },
  }),
}));

builder.mutationFields((t) => ({
  revokeSession: t.field({
    type: SessionType,
    authScopes: notServiceKey,
    description:
      'Ends one of your sessions: its next request is refused and it cannot be refreshed. Ending the current one signs this browser out.',
    args: { id: t.arg.id({ required: true, description: 'The session to end (`Session.id` from mySessions).' }) },
    resolve: async (_root, { id }, context) => {
      const actor = await requireActor(context);
      return toSessionView(await revokeMySession(context.db, { actor, sessionId: String(id) }), actor);
    },
  }),
  revokeOtherSessions: t.int({
    authScopes: notServiceKey,
    description:
      'Signs you out everywhere else: ends every session but the current one, and refuses the identity tokens issued so far. Answers how many sessions ended.',
    resolve: async (_root, _args, context) => revokeMyOtherSessions(context.db, { actor: await requireActor(context) }),
  }),
  revokeUserSession: t.field({
    type: SessionType,
    authScopes: systemAdminNotServiceKey,
    description: "Ends any person's session (system administrators only); its next request is refused.",
    args: { id: t.arg.id({ required: true, description: 'The session to end (`Session.id` from userSessions).' }) },
    resolve: async (_root, { id }, context) => {
      const actor = await requireActor(context);
      return toSessionView(await revokeUserSession(context.db, { actor, sessionId: String(id) }), actor);
    },
  }),
}));

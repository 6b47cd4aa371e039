import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { teamManagers } from './team-access.js';
import { sendInviteEmails } from './invite-mail.js';
import {
  acceptInvite,
  createInvites,
  declineInvite,
  deleteInvite,
  type InviteResult,
  listTeamInvites,
  resendInvite,
  type TeamInviteNode,
} from './team-invites.service.js';
import { TeamRoleEnum } from './teams.graphql.js';

const TeamInviteType = builder.objectRef<TeamInviteNode>('TeamInvite').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    teamRole: t.expose('teamRole', { type: TeamRoleEnum }),
    teamId: t.exposeID('teamId'),
    teamName: t.string({ resolve: (invite) => invite.team.name }),
    teamFriendlyId: t.string({ resolve: (invite) => invite.team.friendlyId }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    isExpired: t.boolean({ resolve: (invite) => invite.expiresAt <= new Date() }),
  }),
});

const InviteResultType = builder.objectRef<InviteResult>('InviteResult').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    success: t.exposeBoolean('success'),
    error: t.exposeString('error', { nullable: true, description: 'Why this address was not invited.' }),
    invite: t.expose('invite', { type: TeamInviteType, nullable: true }),
  }),
});

const CreateInvitePayloadType = builder
  .objectRef<{ successCount: number; results: InviteResult[] }>('CreateInvitePayload')
  .implement({
    fields: (t) => ({
      successCount: t.exposeInt('successCount'),
      results: t.expose('results', { type: [InviteResultType], description: 'One per address, in the order sent.' }),
    }),
  });

const teamInvitesNames = connectionTypeNames('teamInvites');

builder.queryField('teamInvites', (t) =>
  t.connection(
    {
      type: TeamInviteType,
      description: "A team's open invites (expired ones included, to resend), newest first.",
      args: { teamFriendlyId: t.arg.string({ required: true }) },
      authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: teamManagers } }),
      resolve: async (_root, { teamFriendlyId, ...page }, context, info) =>
        listTeamInvites(context.db, {
          actor: await requireActor(context),
          teamFriendlyId,
          page: pageRequestOf(page, info),
        }),
    },
    teamInvitesNames.connection,
    teamInvitesNames.edge,
  ),
);

const CreateInviteInput = builder.inputType('CreateInviteInput', {
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true }),
    emails: t.stringList({ required: true, description: 'At most 50; each succeeds or fails on its own.' }),
    teamRole: t.field({ type: TeamRoleEnum, required: true, description: 'TeamAdmin or TeamMember.' }),
  }),
});

builder.mutationFields((t) => ({
  createInvite: t.field({
    type: CreateInvitePayloadType,
    args: { input: t.arg({ type: CreateInviteInput, required: true }) },
    authScopes: (_root, { input }) => ({ teamRole: { teamFriendlyId: input.teamFriendlyId, roles: teamManagers } }),
    resolve: async (_root, { input }, context) => {
      const payload = await createInvites(context.db, { actor: await requireActor(context), input });
      await sendInviteEmails(
        context,
        payload.results.flatMap((result) => (result.invite ? [result.invite] : [])),
      );
      return payload;
    },
  }),
  deleteInvite: t.boolean({
    args: { inviteId: t.arg.id({ required: true }) },
    resolve: async (_root, { inviteId }, context) => {
      await deleteInvite(context.db, { actor: await requireActor(context), inviteId });
      return true;
    },
  }),
  resendInvite: t.field({
    type: TeamInviteType,
    description: 'Renews the invite for another 14 days and notifies the invitee again.',
    args: { inviteId: t.arg.id({ required: true }) },
    resolve: async (_root, { inviteId }, context) => {
      const invite = await resendInvite(context.db, { actor: await requireActor(context), inviteId });
      await sendInviteEmails(context, [invite]);
      return invite;
    },
  }),
  acceptInvite: t.string({
    description: 'Joins the team, once, as the account the invite names; returns the team’s friendly id.',
    args: { inviteId: t.arg.id({ required: true }) },
    resolve: async (_root, { inviteId }, context) =>
      acceptInvite(context.db, { actor: await requireActor(context), inviteId }),
  }),
  declineInvite: t.boolean({
    args: { inviteId: t.arg.id({ required: true }) },
    resolve: async (_root, { inviteId }, context) => {
      await declineInvite(context.db, { actor: await requireActor(context), inviteId });
      return true;
    },
  }),
}));

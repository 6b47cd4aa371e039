import { builder } from '../../graphql/builder.js';
import { dateTime, nullable } from '../../graphql/field-options.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { teamManagers } from './team-access.js';
import { teamListAccess } from './team-list-access.graphql.js';
import { sendInviteEmails } from './invite-mail.js';
import {
  acceptInvite,
  createInvites,
  declineInvite,
  deleteInvite,
  findOwnInvite,
  INVITE_LIFETIME_DAYS,
  type InviteResult,
  listTeamInvites,
  resendInvite,
  type TeamInviteNode,
} from './team-invites.service.js';
import { TeamRoleEnum } from './teams.graphql.js';

const TeamInviteStatusEnum = describedEnum('TeamInviteStatus', 'Where an invite stands.', {
  Open: 'It can be accepted or declined.',
  Expired: 'Unanswered past its expiry; the team may resend it.',
  Accepted: 'The invitee joined the team.',
  Declined: 'The invitee declined it.',
});

const TeamInviteType = builder.objectRef<TeamInviteNode>('TeamInvite').implement({
  description: 'An invitation to join a team, addressed to an email and answered once.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The invite's id." }),
    email: t.exposeString('email', { description: 'The address invited.' }),
    teamRole: t.expose('teamRole', { type: TeamRoleEnum, description: 'The role the invitee gets on joining.' }),
    teamId: t.exposeID('teamId', { description: "The team's id." }),
    teamName: t.string({ description: "The team's name.", resolve: (invite) => invite.team.name }),
    teamFriendlyId: t.string({
      description: "The team's friendly id: its address, which tells apart teams of the same name.",
      resolve: (invite) => invite.team.friendlyId,
    }),
    teamLogoUrl: t.string({
      nullable: true,
      description: "The team's logo, if given.",
      resolve: (invite) => invite.team.logoUrl,
    }),
    invitedByName: t.string({
      nullable: true,
      description: 'The name of who sent it (their email when they gave no name); null once their account is deleted.',
      resolve: (invite) => invite.inviter?.name ?? null,
    }),
    invitedByEmail: t.string({
      nullable: true,
      description: 'The email of who sent it; null once their account is deleted.',
      resolve: (invite) => invite.inviter?.email ?? null,
    }),
    createdAt: t.expose('createdAt', dateTime('When it was sent.')),
    expiresAt: t.expose('expiresAt', dateTime('When it can no longer be accepted.')),
    status: t.field({
      type: TeamInviteStatusEnum,
      description: 'Whether it is open, expired, accepted or declined.',
      resolve: (invite) =>
        invite.acceptedAt
          ? 'Accepted'
          : invite.declinedAt
            ? 'Declined'
            : invite.expiresAt <= new Date()
              ? 'Expired'
              : 'Open',
    }),
    isExpired: t.boolean({
      description: 'Whether it has expired; resendInvite renews it.',
      resolve: (invite) => invite.expiresAt <= new Date(),
    }),
  }),
});

const InviteResultType = builder.objectRef<InviteResult>('InviteResult').implement({
  description: 'What became of one address of createInvite.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The address, as sent.' }),
    success: t.exposeBoolean('success', { description: 'Whether it was invited.' }),
    error: t.exposeString('error', nullable('Why this address was not invited.')),
    invite: t.expose('invite', { type: TeamInviteType, nullable: true, description: 'The invite, when it succeeded.' }),
  }),
});

const CreateInvitePayloadType = builder
  .objectRef<{ successCount: number; results: InviteResult[] }>('CreateInvitePayload')
  .implement({
    description: 'What createInvite did, address by address.',
    fields: (t) => ({
      successCount: t.exposeInt('successCount', { description: 'How many addresses were invited.' }),
      results: t.expose('results', { type: [InviteResultType], description: 'One per address, in the order sent.' }),
    }),
  });

const teamInvitesAccess = teamListAccess('managers');

builder.queryField('teamInvites', (t) =>
  t.connection(
    {
      type: TeamInviteType,
      description: "A team's open invites (expired ones included, to resend), newest first.",
      args: teamInvitesAccess.args,
      authScopes: teamInvitesAccess.authScopes,
      resolve: async (_root, { teamFriendlyId, ...page }, context, info) =>
        listTeamInvites(context.db, {
          actor: await requireActor(context),
          teamFriendlyId,
          page: pageRequestOf(page, info),
        }),
    },
    ...connectionTypeNames('teamInvites'),
  ),
);

builder.queryField('myInvite', (t) =>
  t.field({
    type: TeamInviteType,
    description:
      'An invite addressed to your proven email, answered or not: who sent it, to which team, as what and until when.',
    args: { inviteId: t.arg.id({ required: true, description: "The invite's id; NOT_FOUND unless it names you." }) },
    resolve: async (_root, { inviteId }, context) =>
      findOwnInvite(context.db, { actor: await requireActor(context), inviteId }),
  }),
);

const CreateInviteInput = builder.inputType('CreateInviteInput', {
  description: 'Who to invite to a team, and as what.',
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true, description: "The team's friendly id." }),
    emails: t.stringList({ required: true, description: 'At most 50; each succeeds or fails on its own.' }),
    teamRole: t.field({ type: TeamRoleEnum, required: true, description: 'TeamAdmin or TeamMember.' }),
  }),
});

builder.mutationFields((t) => ({
  createInvite: t.field({
    type: CreateInvitePayloadType,
    description: `Invites addresses to a team (the team's owner and admins, and system administrators); each invitee is notified and mailed, and has ${INVITE_LIFETIME_DAYS} days to answer.`,
    args: {
      input: t.arg({ type: CreateInviteInput, required: true, description: 'The team, the addresses and the role.' }),
    },
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
    description: "Withdraws an open invite (the team's owner and admins, and system administrators); true when done.",
    args: { inviteId: t.arg.id({ required: true, description: "The invite's id." }) },
    resolve: async (_root, { inviteId }, context) => {
      await deleteInvite(context.db, { actor: await requireActor(context), inviteId });
      return true;
    },
  }),
  resendInvite: t.field({
    type: TeamInviteType,
    description: `Renews the invite for another ${INVITE_LIFETIME_DAYS} days and notifies the invitee again (the team's owner and admins, and system administrators).`,
    args: { inviteId: t.arg.id({ required: true, description: "The invite's id." }) },
    resolve: async (_root, { inviteId }, context) => {
      const invite = await resendInvite(context.db, { actor: await requireActor(context), inviteId });
      await sendInviteEmails(context, [invite]);
      return invite;
    },
  }),
  acceptInvite: t.string({
    description: 'Joins the team, once, as the account the invite names; returns the team’s friendly id.',
    args: { inviteId: t.arg.id({ required: true, description: "The invite's id; NOT_FOUND unless it names you." }) },
    resolve: async (_root, { inviteId }, context) =>
      acceptInvite(context.db, { actor: await requireActor(context), inviteId }),
  }),
  declineInvite: t.boolean({
    description:
      'Declines an invite addressed to you, once; its sender is notified (TeamInviteDeclined) while they still manage the team. True when done.',
    args: { inviteId: t.arg.id({ required: true, description: "The invite's id; NOT_FOUND unless it names you." }) },
    resolve: async (_root, { inviteId }, context) => {
      await declineInvite(context.db, { actor: await requireActor(context), inviteId });
      return true;
    },
  }),
}));

import { builder } from '../../graphql/builder.js';
import { dateTime } from '../../graphql/field-options.js';
import { describedEnum } from '../../graphql/described-enum.js';
import type { Actor } from '../../auth/actor.js';
import { type GraphqlContext, requireActor } from '../../graphql/context.js';
import {
  readSetupChecklist,
  readSystemOverview,
  type SetupChecklist,
  type setupChecklistKeys,
  type SystemOverview,
  type WebhookFailure,
} from './system-overview.service.js';

const SetupChecklistKeyEnum = describedEnum('SetupChecklistKey', 'One step of setting up a new installation.', {
  ADD_APPLICATION: 'The catalogue has at least one application.',
  INVITE_PEOPLE: 'Someone was invited to a team, or another person has signed in.',
  CONFIGURE_MAIL: 'Outgoing mail is configured (SMTP_URL).',
  CONNECT_IDENTITY_PROVIDER: "People sign in through the organisation's provider (OIDC_ISSUER).",
  RECEIVE_BILLING_WEBHOOK: 'A signed billing webhook has arrived.',
} satisfies Record<(typeof setupChecklistKeys)[number], string>);

const SetupChecklistItemType = builder.objectRef<SetupChecklist['items'][number]>('SetupChecklistItem').implement({
  description: 'One setup step and whether the installation has taken it.',
  fields: (t) => ({
    key: t.expose('key', { type: SetupChecklistKeyEnum, description: 'Which step.' }),
    isDone: t.exposeBoolean('isDone', { description: 'Whether the installation already shows the step taken.' }),
  }),
});

const SetupChecklistType = builder.objectRef<SetupChecklist>('SetupChecklist').implement({
  description: "A new installation's setup steps, each ticked from the installation's own state.",
  fields: (t) => ({
    items: t.expose('items', { type: [SetupChecklistItemType], description: 'The steps, in the order to take them.' }),
    isComplete: t.exposeBoolean('isComplete', { description: 'Whether every step is done.' }),
  }),
});

const WebhookFailureType = builder.objectRef<WebhookFailure>('WebhookFailure').implement({
  description: 'A billing webhook delivery whose processing failed and has not succeeded since.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The webhook log's id." }),
    eventType: t.exposeString('eventType', { description: 'The event, e.g. invoice.upserted.' }),
    error: t.exposeString('error', { description: 'Why the last attempt failed.' }),
    createdAt: t.expose('createdAt', dateTime('When the delivery arrived.')),
  }),
});

const SystemOverviewType = builder.objectRef<SystemOverview>('SystemOverview').implement({
  description: 'The installation at a glance for a system administrator.',
  fields: (t) => ({
    peopleCount: t.exposeInt('peopleCount', { description: 'How many people have an account.' }),
    teamCount: t.exposeInt('teamCount', { description: 'How many teams there are.' }),
    pendingRequestCount: t.exposeInt('pendingRequestCount', {
      description: 'How many application requests wait for a decision.',
    }),
    recentWebhookFailures: t.expose('recentWebhookFailures', {
      type: [WebhookFailureType],
      description: 'The newest failed webhook deliveries (at most five), newest first.',
    }),
    isMailConfigured: t.exposeBoolean('isMailConfigured', { description: 'Whether SMTP_URL is set.' }),
    overdueMailCount: t.exposeInt('overdueMailCount', {
      description:
        'Notification mails still waiting an hour after they were due: the mail job is not getting through them.',
    }),
  }),
});

/** Resolves a view of the whole installation, read from its database and configuration for the caller. */
const installationView =
  <View>(read: (db: GraphqlContext['db'], config: GraphqlContext['config'], actor: Actor) => Promise<View>) =>
  async (_root: unknown, _args: unknown, context: GraphqlContext) =>
    read(context.db, context.config, await requireActor(context));

builder.queryFields((t) => ({
  setupChecklist: t.field({
    type: SetupChecklistType,
    authScopes: { systemAdmin: true },
    description: "The installation's setup steps, each ticked from its own state (system administrators only).",
    resolve: installationView(readSetupChecklist),
  }),
  systemOverview: t.field({
    type: SystemOverviewType,
    authScopes: { systemAdmin: true },
    description: 'People, teams, pending requests and recent failures (system administrators only).',
    resolve: installationView(readSystemOverview),
  }),
}));

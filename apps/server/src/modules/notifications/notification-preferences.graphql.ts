import { type notificationDeliveries } from '@dxp/contracts/notification-preferences';
import { builder } from '../../graphql/builder.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { requireActor } from '../../graphql/context.js';
import {
  isNotificationMailAvailable,
  listMyNotificationPreferences,
  type NotificationPreference,
  setMyNotificationPreference,
} from './notification-preferences.service.js';

const NotificationDeliveryEnum = describedEnum(
  'NotificationDelivery',
  'Where a person gets one type of notification.',
  {
    PORTAL: 'In the portal only: the bell and the notifications page.',
    EMAIL: 'By email only; the portal keeps it, already read, as a record.',
    BOTH: 'In the portal and by email.',
  } satisfies Record<(typeof notificationDeliveries)[number], string>,
);

const NotificationPreferenceType = builder.objectRef<NotificationPreference>('NotificationPreference').implement({
  description: 'How the signed-in person gets one type of notification.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'The notification type, as Notification.type names it.' }),
    delivery: t.expose('delivery', {
      type: NotificationDeliveryEnum,
      description: "What the person gets: their choice, or the type's default; PORTAL while the portal sends no mail.",
    }),
    defaultDelivery: t.expose('defaultDelivery', {
      type: NotificationDeliveryEnum,
      description: 'What a person who never chose gets when the portal sends mail.',
    }),
    isChosen: t.exposeBoolean('isChosen', { description: "Whether the person chose it (false: the type's default)." }),
  }),
});

const MyNotificationPreferencesType = builder
  .objectRef<{ emailAvailable: boolean; preferences: NotificationPreference[] }>('MyNotificationPreferences')
  .implement({
    description: 'How the signed-in person gets each type of notification.',
    fields: (t) => ({
      emailAvailable: t.exposeBoolean('emailAvailable', {
        description: 'Whether the portal can send mail (SMTP is configured, or development keeps it at /dev/mailbox).',
      }),
      preferences: t.expose('preferences', {
        type: [NotificationPreferenceType],
        description: 'One per notification type.',
      }),
    }),
  });

const SetNotificationPreferenceInput = builder.inputType('SetNotificationPreferenceInput', {
  description: 'One notification type and where the signed-in person wants it.',
  fields: (t) => ({
    type: t.string({ required: true, description: 'The notification type, as Notification.type names it.' }),
    delivery: t.field({
      type: NotificationDeliveryEnum,
      required: true,
      description: 'Where to get it; EMAIL and BOTH are refused while the portal sends no mail.',
    }),
  }),
});

builder.queryField('myNotificationPreferences', (t) =>
  t.field({
    type: MyNotificationPreferencesType,
    description: 'How the signed-in person gets each type of notification: in the portal, by email, or both.',
    resolve: async (_root, _args, context) => {
      const mailAvailable = isNotificationMailAvailable(context.config);
      const preferences = await listMyNotificationPreferences(context.db, {
        actor: await requireActor(context),
        mailAvailable,
      });
      return { emailAvailable: mailAvailable, preferences };
    },
  }),
);

builder.mutationField('setMyNotificationPreference', (t) =>
  t.field({
    type: NotificationPreferenceType,
    description:
      'Chooses where the signed-in person gets one type of notification. An unknown type, or a mail delivery while the portal sends no mail, answers INVALID_REQUEST.',
    args: { input: t.arg({ type: SetNotificationPreferenceInput, required: true, description: 'The choice.' }) },
    resolve: async (_root, { input }, context) =>
      setMyNotificationPreference(context.db, {
        actor: await requireActor(context),
        input,
        mailAvailable: isNotificationMailAvailable(context.config),
      }),
  }),
);

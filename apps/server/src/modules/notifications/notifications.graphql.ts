import { builder } from '../../graphql/builder.js';
import { nullable } from '../../graphql/field-options.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { listArgumentsOf } from '../../graphql/filtering.js';
import {
  notificationTypes,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type ListedNotification,
  notificationFilterFields,
  notificationSortFields,
} from './notifications.service.js';

const NotificationType = builder.objectRef<ListedNotification>('Notification').implement({
  description: 'Something the portal tells one user.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The notification's id." }),
    type: t.exposeString('type', { description: `What it is about: ${notificationTypes.join(', ')}.` }),
    message: t.exposeString('message', { description: 'The text shown to the user.' }),
    isRead: t.exposeBoolean('isRead', { description: 'Whether the user has read it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent.' }),
    externalId: t.exposeString(
      'externalId',
      nullable('The id of what it is about (an invite, an application request, a contact message), if any.'),
    ),
    actorName: t.exposeString(
      'actorName',
      nullable(
        "Who did what it tells of, as they are named now: the person who invited, declined, changed a role, removed or made the recipient owner, or asked for an application (name, or email without one); the administrator who decided a request or reset the second factors, and any system administrator (name only); a contact form's visitor (the name they gave). Null when no one else did it, for an actor without a name where only the name is shown, or one since deleted.",
      ),
    ),
  }),
});

const notificationListArguments = listArgumentsOf('Notification', {
  filterFields: notificationFilterFields,
  sortFields: notificationSortFields,
});

builder.queryField('myNotifications', (t) =>
  t.connection(
    {
      type: NotificationType,
      description: "The signed-in user's notifications, newest first unless ordered otherwise.",
      args: notificationListArguments('Which notifications to list.'),
      resolve: async (_root, { where, order, ...page }, context, info) => {
        const actor = await requireActor(context);
        return listNotifications(context.db, { userId: actor.user.id, where, order, page: pageRequestOf(page, info) });
      },
    },
    ...connectionTypeNames('myNotifications'),
  ),
);

builder.mutationFields((t) => ({
  markNotificationRead: t.field({
    type: NotificationType,
    description:
      'Marks one notification of the signed-in user read. A team invite that can still be answered stays unread until it is accepted, declined, withdrawn or expires; marking it read answers INVALID_REQUEST.',
    args: { id: t.arg.id({ required: true, description: "The notification's id." }) },
    resolve: async (_root, { id }, context) =>
      markNotificationRead(context.db, { actor: await requireActor(context), notificationId: id }),
  }),
  markAllNotificationsRead: t.int({
    description:
      'Marks every unread notification of the signed-in user read, except team invites that can still be answered; returns how many were marked.',
    resolve: async (_root, _args, context) =>
      markAllNotificationsRead(context.db, { actor: await requireActor(context) }),
  }),
}));

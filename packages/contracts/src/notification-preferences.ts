import { z } from 'zod';

/** Where a person gets one type of notification: the portal's bell and page, their mailbox, or both. */
export const notificationDeliveries = ['PORTAL', 'EMAIL', 'BOTH'] as const;
export type NotificationDelivery = (typeof notificationDeliveries)[number];
export const notificationDeliverySchema = z.enum(notificationDeliveries);

/** SetMyNotificationPreference: one type's delivery for the signed-in person. */
export const setNotificationPreferenceInputSchema = z.object({
  type: z
    .string()
    .trim()
    .min(1, 'Choose a notification type.')
    .max(64, 'Not a notification type.')
    .regex(/^[A-Za-z]+$/, 'Not a notification type.'),
  delivery: notificationDeliverySchema,
});
export type SetNotificationPreferenceInput = z.input<typeof setNotificationPreferenceInputSchema>;

/** Whether a delivery sends mail. */
export const deliversByEmail = (delivery: NotificationDelivery): boolean => delivery !== 'PORTAL';
/** Whether a delivery shows the notification in the portal (the bell, unread). */
export const deliversInPortal = (delivery: NotificationDelivery): boolean => delivery !== 'EMAIL';

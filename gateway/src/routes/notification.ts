import {
  contactUsBodySchema,
  contactUsResultSchema,
  notificationListSchema,
  readNotificationsBodySchema,
  readNotificationsResultSchema,
} from '@moba/contracts';
import { route } from './route';

export const notificationRoutes = [
  route('GET', '/notifications/all', 'notification', 'user', {
    response: notificationListSchema,
    summary: "The caller's notifications, newest first; live ones arrive on /api/ws/{userId}",
  }),
  route('POST', '/notifications/read', 'notification', 'user', {
    ownsObject: true,
    body: readNotificationsBodySchema,
    response: readNotificationsResultSchema,
    summary: 'Mark some or all of the caller’s notifications read, or delete them',
  }),
  route('POST', '/contact-us', 'notification', 'public', {
    status: 201,
    rateLimit: 'contact',
    body: contactUsBodySchema,
    response: contactUsResultSchema,
    summary: 'A contact message to the team; failure answers the text "contact send error"',
  }),
];

import {
  broadcastReportSchema,
  contactUsBodySchema,
  contactUsResultSchema,
  notificationListSchema,
  readNotificationsBodySchema,
  readNotificationsResultSchema,
  smsSettingsSchema,
  updateSmsSettingsSchema,
  jobAlertSettingsSchema,
  updateJobAlertSettingsSchema,
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
  route('GET', '/estates/vacancies/:id/broadcasts', 'notification', ['Estate', 'Admin'], {
    ownsObject: true,
    refusals: [404],
    response: broadcastReportSchema,
    summary:
      "The broadcasts of the estate's own moba (admins: any), newest first: each with its text, every recipient's name and state (queued, delivered, read, SMS sent, failed) and totals",
  }),
  route('GET', '/sms/settings', 'notification', ['Worker'], {
    response: smsSettingsSchema,
    summary: "The worker's SMS switch, language and number (off until switched on)",
  }),
  route('PUT', '/sms/settings', 'notification', ['Worker'], {
    body: updateSmsSettingsSchema,
    response: smsSettingsSchema,
    summary: 'Switch SMS on or off and pick their language; a STOP is lifted only by START from the phone',
  }),
  route('GET', '/job-alerts/settings', 'notification', ['Worker'], {
    response: jobAlertSettingsSchema,
    summary:
      "The worker's own job alerts: crops, job activities, radius from home, months, minimum daily wage, SMS (started from the profile at sign-up)",
  }),
  route('PUT', '/job-alerts/settings', 'notification', ['Worker'], {
    body: updateJobAlertSettingsSchema,
    response: jobAlertSettingsSchema,
    summary:
      'Change the worker’s own job alerts (only the fields present); {enabled: false} stops them, as does the SMS reply STOP POSAO',
  }),
  route('POST', '/sms/inbound', 'notification', 'public', {
    summary:
      "The SMS provider's inbound forwarding (basic auth with SMS_INBOUND_SECRET): START proves the phone, a reply STOP ends SMS to that phone",
    refusals: [401],
  }),
];

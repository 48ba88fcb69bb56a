export { createService, type NotificationService, type NotificationDeps } from './service';
export { createEmbedded } from './embedded';
export { notificationConfigSchema, loadNotificationConfig } from './config';

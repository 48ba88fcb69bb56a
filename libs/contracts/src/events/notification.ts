import { z } from 'zod';
import { defineEvent, topics } from './envelope';

/** Events the notification service publishes on `${topics.notification}`. */
export const notificationEvents = [] as const;
void z;
void defineEvent;
void topics;

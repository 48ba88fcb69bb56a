import { z } from 'zod';
import { defineEvent, topics } from './envelope';

/**
 * Attendance of one worker in one moba, as a crew leader or the estate recorded it (issue #20, crews).
 * The rating service's "came and stayed" figure takes it for that job in place of the estate's rating
 * checklist (attendance is the record of fact). Publish it through the outbox whenever it changes,
 * with the full current values: the consumer keeps the one with the latest `recordedAt` per
 * (vacancyId, workerId), so redelivery and reordering are harmless. Key: vacancyId.
 */
export const WorkerAttendanceRecorded = defineEvent(
  topics.application,
  'WorkerAttendanceRecorded',
  1,
  z.object({
    vacancyId: z.uuid(),
    workerId: z.uuid(),
    came: z.boolean(),
    stayed: z.boolean(),
    recordedAt: z.iso.datetime({ offset: true }),
  }),
);

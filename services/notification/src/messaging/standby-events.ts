import { z } from 'zod';
import { defineEvent, topics } from '@moba/contracts';

/** StandbyOffered (application service, issue #31), with only the fields this service reads. */
export const StandbyOffered = defineEvent(
  topics.application,
  'StandbyOffered',
  1,
  z.object({
    offerId: z.string().min(1),
    vacancyId: z.string().min(1),
    title: z.string(),
    freePositions: z.number().int(),
    offers: z.array(z.object({ applicationId: z.string(), workerId: z.string() })),
  }),
);

/** PlacesReleased (application service, issue #31): whose place was given back, and what is left. */
export const PlacesReleased = defineEvent(
  topics.application,
  'PlacesReleased',
  1,
  z.object({
    applicationId: z.string().min(1),
    vacancyId: z.string().min(1),
    workerId: z.string().nullable(),
    remaining: z.number().int().min(0).optional(),
  }),
);

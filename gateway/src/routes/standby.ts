import {
  cancelApplicationRequestSchema,
  releaseResultSchema,
  removeApplicationRequestSchema,
  takePlaceResultSchema,
  workerReliabilitySchema,
} from '@moba/contracts';
import { route } from './route';

/** Standby, cancellation and reliability (issue #31 point 4), served by the application service. */
export const standbyRoutes = [
  route('POST', '/workers/applications/:id/cancel', 'application', ['Worker'], {
    refusals: [404, 409],
    ownsObject: true,
    body: cancelApplicationRequestSchema,
    response: releaseResultSchema,
    summary:
      'The worker gives back their own accepted place with a reason; less than 24 h before the start it is late (counts in reliability)',
  }),
  route('POST', '/workers/applications/:id/take-place', 'application', ['Worker'], {
    refusals: [404, 409],
    ownsObject: true,
    response: takePlaceResultSchema,
    summary:
      'The worker takes a freed place offered to their own pending application; the first to take it is accepted, the others get 409',
  }),
  route('POST', '/estates/applications/:id/remove', 'application', ['Estate'], {
    refusals: [403, 404, 409],
    ownsObject: true,
    body: removeApplicationRequestSchema,
    response: releaseResultSchema,
    summary: "The moba's estate removes an accepted worker with a reason; the places are offered to standby",
  }),
  route('GET', '/workers/me/reliability', 'application', ['Worker'], {
    response: workerReliabilitySchema,
    summary: "The worker's own reliability: accepted placements, cancellations (late ones), no-shows",
  }),
];

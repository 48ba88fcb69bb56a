import {
  estateForRatingSchema,
  rateEstateBodySchema,
  rateWorkerBodySchema,
  rateWorkersBodySchema,
  rateWorkersResultSchema,
  ratingResultSchema,
  userRatingsSchema,
  workersForRatingSchema,
} from '@moba/contracts';
import { route } from './route';

/** Rating service: the gateway checks the token and coarse role; the service checks participation, ownership and "once". */
export const ratingRoutes = [
  route('GET', '/workers/vacancy/:id/estate/for-rating', 'rating', ['Worker'], {
    refusals: [404, 409],
    ownsObject: true,
    response: estateForRatingSchema,
    summary: 'The estate of a Finished vacancy the worker was accepted in, and whether it is already rated',
  }),
  route('POST', '/users/:id/rate/estate', 'rating', ['Worker'], {
    status: 201,
    refusals: [404, 409],
    ownsObject: true,
    body: rateEstateBodySchema,
    response: ratingResultSchema,
    summary: 'A worker rates the estate (:id) of a Finished vacancy they worked in, once',
  }),
  route('GET', '/estates/vacancy/:id/workers/for-rating', 'rating', ['Estate'], {
    refusals: [404, 409],
    ownsObject: true,
    response: workersForRatingSchema,
    summary: "The accepted workers of the estate's own Finished vacancy, each marked rated or not",
  }),
  route('POST', '/users/:id/rate/worker', 'rating', ['Estate'], {
    status: 201,
    refusals: [404, 409],
    ownsObject: true,
    body: rateWorkerBodySchema,
    response: ratingResultSchema,
    summary: 'The owning estate rates one accepted worker (:id) of its Finished vacancy, once',
  }),
  route('POST', '/users/rate/workers', 'rating', ['Estate'], {
    status: 201,
    refusals: [404, 409],
    ownsObject: true,
    body: rateWorkersBodySchema,
    response: rateWorkersResultSchema,
    summary:
      'The owning estate rates several workers of one vacancy at once: all or nothing, per-item errors',
  }),
  route('GET', '/users/me/ratings', 'rating', ['Worker', 'Estate'], {
    response: userRatingsSchema,
    summary: 'Ratings received, newest first, with average and count, and the promise figure',
  }),
];

import type { Express } from 'express';
import { parseInput, requireUser, userOf, type TokenVerifier } from '@moba/platform';
import {
  idParamsSchema,
  rateEstateBodySchema,
  rateWorkerBodySchema,
  rateWorkersBodySchema,
} from '@moba/contracts';
import { getEstateForRating } from '../get-estate-for-rating/get-estate-for-rating';
import { getWorkersForRating } from '../get-workers-for-rating/get-workers-for-rating';
import { getMyRatings } from '../get-my-ratings/get-my-ratings';
import { rateEstate, rateWorker, rateWorkers, type RatingUseCaseDeps } from '../rate-user/rate-user';

/** Thin routers: check the session and role, parse with the contract schemas, call the use case. */
export function ratingRoutes(app: Express, tokens: TokenVerifier, deps: RatingUseCaseDeps) {
  const worker = requireUser(tokens, 'Worker');
  const estate = requireUser(tokens, 'Estate');
  const ratedUser = requireUser(tokens, 'Worker', 'Estate');

  app.get('/workers/vacancy/:id/estate/for-rating', worker, async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params);
    res.json(await getEstateForRating(deps.store, userOf(req), id));
  });

  app.post('/users/rate/workers', estate, async (req, res) => {
    const body = parseInput(rateWorkersBodySchema, req.body ?? {});
    res.status(201).json(await rateWorkers(deps, userOf(req), body));
  });

  app.post('/users/:id/rate/estate', worker, async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params);
    const body = parseInput(rateEstateBodySchema, req.body ?? {});
    res.status(201).json(await rateEstate(deps, userOf(req), id, body));
  });

  app.get('/estates/vacancy/:id/workers/for-rating', estate, async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params);
    res.json(await getWorkersForRating(deps.store, userOf(req), id));
  });

  app.post('/users/:id/rate/worker', estate, async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params);
    const body = parseInput(rateWorkerBodySchema, req.body ?? {});
    res.status(201).json(await rateWorker(deps, userOf(req), id, body));
  });

  app.get('/users/me/ratings', ratedUser, async (req, res) => {
    res.json(await getMyRatings(deps.store, userOf(req)));
  });
}

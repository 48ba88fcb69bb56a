import type { Express, RequestHandler } from 'express';
import {
  cancelApplicationRequestSchema,
  idParamsSchema,
  removeApplicationRequestSchema,
} from '@moba/contracts';
import { parseInput, userOf } from '@moba/platform';
import type { AppContext } from '../context';
import { cancelApplication, removeApplication } from '../cancel-application/cancel-application';
import { takePlace } from '../take-place/take-place';
import { reliabilityOf } from '../worker-reliability/worker-reliability';

/** Standby, cancellation and reliability (issue #31 point 4): thin handlers. */
export function standbyRoutes(
  app: Express,
  ctx: AppContext,
  guards: { worker: RequestHandler; estate: RequestHandler },
) {
  const id = (params: unknown) => parseInput(idParamsSchema, params).id;

  app.post('/workers/applications/:id/cancel', guards.worker, async (req, res) => {
    const applicationId = id(req.params);
    const input = parseInput(cancelApplicationRequestSchema, req.body);
    res.json(await cancelApplication(ctx, userOf(req).id, applicationId, input));
  });
  app.post('/workers/applications/:id/take-place', guards.worker, async (req, res) => {
    res.json(await takePlace(ctx, userOf(req).id, id(req.params)));
  });
  app.post('/estates/applications/:id/remove', guards.estate, async (req, res) => {
    const applicationId = id(req.params);
    const input = parseInput(removeApplicationRequestSchema, req.body);
    res.json(await removeApplication(ctx, userOf(req).id, applicationId, input));
  });
  app.get('/workers/me/reliability', guards.worker, async (req, res) => {
    res.json(await reliabilityOf(ctx, userOf(req).id));
  });
}

import type { Express } from 'express';
import { idParamsSchema } from '@moba/contracts';
import { parseInput, requireUser, userOf, type TokenVerifier } from '@moba/platform';
import type { NotificationStore } from '../store';
import { broadcastReport } from '../broadcast-report/broadcast-report';
import { currentSession } from './notification-routes';

/** The estate's (or an admin's) report of a moba's broadcasts. */
export function broadcastRoutes(app: Express, ctx: { store: NotificationStore; tokens: TokenVerifier }) {
  app.get(
    '/estates/vacancies/:id/broadcasts',
    requireUser(ctx.tokens, 'Estate', 'Admin'),
    currentSession(ctx.store),
    async (req, res) => {
      const { id } = parseInput(idParamsSchema, req.params);
      res.json(await broadcastReport(ctx.store, userOf(req), id));
    },
  );
}

import type { Express } from 'express';
import { updateJobAlertSettingsSchema } from '@moba/contracts';
import { parseInput, requireUser, userOf, type TokenVerifier } from '@moba/platform';
import {
  readJobAlertSettings,
  updateJobAlertSettings,
  type JobAlertContext,
} from '../job-alerts/alert-settings/alert-settings';
import type { NotificationStore } from '../store';
import { currentSession } from './notification-routes';

/** A worker's own job alert settings; `{enabled: false}` is "stop these alerts". */
export function jobAlertRoutes(
  app: Express,
  ctx: JobAlertContext & { tokens: TokenVerifier },
  store: NotificationStore,
) {
  const worker = [requireUser(ctx.tokens, 'Worker'), currentSession(store)];

  app.get('/job-alerts/settings', ...worker, async (req, res) => {
    res.json(await readJobAlertSettings(ctx, userOf(req).id));
  });

  app.put('/job-alerts/settings', ...worker, async (req, res) => {
    const change = parseInput(updateJobAlertSettingsSchema, req.body ?? {});
    res.json(await updateJobAlertSettings(ctx, userOf(req).id, change));
  });
}

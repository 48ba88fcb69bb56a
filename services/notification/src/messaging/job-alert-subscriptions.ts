import { topics, type EventEnvelope } from '@moba/contracts';
import { idempotentHandler, type DocumentStore, type EventBus } from '@moba/platform';
import type { JobAlertContext } from '../job-alerts/alert-settings/alert-settings';
import { moveJobAlertHome, startJobAlert } from '../job-alerts/alert-settings/alert-settings';
import {
  rememberAlertMoba,
  tellMatchingWorkers,
  type TellContext,
} from '../job-alerts/tell-matching-workers/tell-matching-workers';
import { MobaCreated, MobaStatusChanged, WorkerProfileChanged, WorkerSignedUp } from './job-alert-events';

/**
 * Job alerts read auth and vacancy events in a consumer group of their own, so a burst of alerts
 * never holds up the notifications of the main group, and each group keeps its own processed ids.
 */
export const JOB_ALERTS_GROUP = 'notification-job-alerts';

type Handlers = Record<string, (event: EventEnvelope) => Promise<unknown>>;

export async function subscribeToJobAlertEvents(
  ctx: TellContext & JobAlertContext & { bus: EventBus; documentStore: DocumentStore },
) {
  const byTopic: Record<string, Handlers> = {
    [topics.auth]: {
      [WorkerSignedUp.type]: async (e) => {
        const { userId, ...profile } = WorkerSignedUp.data.parse(e.data);
        if (profile.role === 'Worker') await startJobAlert(ctx, { workerId: userId, ...profile });
      },
      [WorkerProfileChanged.type]: async (e) => {
        const { userId, ...profile } = WorkerProfileChanged.data.parse(e.data);
        if (profile.role === 'Worker') await moveJobAlertHome(ctx, { workerId: userId, ...profile });
      },
    },
    [topics.vacancy]: {
      [MobaCreated.type]: async (e) => {
        const { vacancyId, status, ...moba } = MobaCreated.data.parse(e.data);
        await rememberAlertMoba(ctx, { _id: vacancyId, ...moba }, status);
      },
      [MobaStatusChanged.type]: async (e) => {
        const data = MobaStatusChanged.data.parse(e.data);
        if (data.to === 'Open') await tellMatchingWorkers(ctx, data.vacancyId);
      },
    },
  };
  for (const [topic, handlers] of Object.entries(byTopic)) {
    const handler = await idempotentHandler(
      ctx.documentStore,
      `${JOB_ALERTS_GROUP}:${topic}`,
      async (event) => {
        await handlers[event.type](event);
      },
      { handles: (event) => Object.hasOwn(handlers, event.type) },
    );
    await ctx.bus.subscribe(topic, JOB_ALERTS_GROUP, handler);
  }
}

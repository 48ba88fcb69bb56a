import { apiErrorInfo } from '../../lib/api';

/** Per-worker errors of a bulk answer: details `ratings.<i>.<field>` → the i-th sent worker. */
export function bulkErrorsByWorker(error: unknown, sentWorkerIds: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(apiErrorInfo(error).fields)) {
    const match = field.match(/^ratings\.(\d+)/);
    const workerId = match ? sentWorkerIds[Number(match[1])] : undefined;
    if (workerId && !out[workerId]) out[workerId] = message;
  }
  return out;
}

import type { ConfirmationView } from '@moba/contracts';
import type { AppContext } from './context';
import { confirmationView } from './answer-confirmation/answer-confirmation';

/**
 * The latest confirmation asked of each accepted application (for My mobas: the worker sees the open
 * one and answers it, or what they answered).
 */
export async function latestConfirmations(
  ctx: AppContext,
  applications: { _id: string; status: string }[],
): Promise<Map<string, ConfirmationView>> {
  const ids = applications.filter((a) => a.status === 'Accepted').map((a) => a._id);
  const latest = new Map<string, ConfirmationView>();
  if (ids.length === 0) return latest;
  const all = await ctx.store.confirmations.find(
    { applicationId: { $in: ids } },
    { sort: { stretchStart: 1 } },
  );
  for (const c of all) latest.set(c.applicationId, confirmationView(c));
  return latest;
}

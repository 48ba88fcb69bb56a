import {
  BULK_DECISION_MAX,
  type BulkDecisionResult,
  type BulkItemResult,
  type bulkDecisionRequestSchema,
} from '@moba/contracts';
import { randomUUID } from 'node:crypto';
import {
  AppError,
  DuplicateKeyError,
  createLease,
  errorHttpStatus,
  type AdminAuditInput,
  type Lease,
} from '@moba/platform';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { DecisionBatchDoc, DecisionItemDoc } from '../store';
import { errors } from '../domain/errors';
import { acceptApplication } from '../accept-application/accept-application';
import { rejectApplication } from '../reject-application/reject-application';
import { pendingQueue } from '../pending-queue';

type BulkRequest = z.output<typeof bulkDecisionRequestSchema>;
type Decision = BulkRequest['decision'];

/** How long a runner holds a batch without renewing; a retry after that takes the rest over. */
export const LEASE_MS = 15_000;
const WAIT_POLL_MS = 100;
/** How long a retry of a running batch waits for it before answering its progress (within the gateway's 15 s). */
const WAIT_MAX_MS = 10_000;

/**
 * An admin decides many pending applications in one action. Each item goes through the very use case
 * a single decision uses (acceptApplication: the single writer of capacity; rejectApplication), one
 * after another, the longest waiting first, so the places go to those who applied first. A refusal
 * of one item (no free places, no longer pending…) is recorded with its code and never hides the
 * others. The batchId is the idempotency key: the items are fixed when the batch begins, each item's
 * outcome is recorded once, and a retry with the same id answers the recorded outcomes (waiting
 * while another request still runs the batch, or taking the rest over once that one's lease ran out).
 */
export async function decideApplications(
  ctx: AppContext,
  admin: AdminAuditInput['actor'],
  input: BulkRequest,
): Promise<BulkDecisionResult> {
  const fingerprint = fingerprintOf(input);
  let batch = await ctx.store.decisionBatches.findOne({ _id: input.batchId });
  if (!batch) {
    const fresh: DecisionBatchDoc = {
      _id: input.batchId,
      adminId: admin.id,
      adminName: admin.fullName,
      decision: input.decision,
      fingerprint,
      applicationIds: await itemsOf(ctx, input),
      status: 'running',
      createdAt: ctx.clock.now().toISOString(),
    };
    try {
      batch = await ctx.store.decisionBatches.insertOne(fresh);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // the same batch sent twice at once: whichever request takes the lease first runs it
      batch = await ctx.store.decisionBatches.findOne({ _id: input.batchId });
      if (!batch) throw error;
    }
  }
  if (batch.fingerprint !== fingerprint) throw errors.batchIdReused();
  return resume(ctx, leaseOf(ctx), batch);
}

/** This request's hold on a running batch, on the service's clock. */
const leaseOf = (ctx: AppContext): Lease<DecisionBatchDoc> =>
  createLease({
    collection: ctx.store.decisionBatches,
    field: 'lease',
    holder: randomUUID(),
    ttlMs: LEASE_MS,
    clock: ctx.clock,
  });

/** The progress or the result of a batch, for the screen that shows a large batch running. */
export async function readBatch(ctx: AppContext, batchId: string): Promise<BulkDecisionResult> {
  const batch = await ctx.store.decisionBatches.findOne({ _id: batchId });
  if (!batch) throw errors.batchNotFound();
  return resultOf(ctx, batch);
}

const fingerprintOf = (input: BulkRequest) =>
  JSON.stringify({
    decision: input.decision,
    ids: input.applicationIds ?? null,
    filter: input.filter ?? null,
  });

/** The items of a new batch: the ids given (in the order they waited) or the queue the filter matches now. */
async function itemsOf(ctx: AppContext, input: BulkRequest): Promise<string[]> {
  if (input.filter) {
    const queue = await pendingQueue(ctx, { ...input.filter, sort: 'oldest' });
    return queue.slice(0, BULK_DECISION_MAX).map((item) => item.application._id);
  }
  const ids = input.applicationIds ?? [];
  const found = await ctx.store.applications.find({ _id: { $in: ids } });
  const submitted = new Map(found.map((a) => [a._id, a.submittedAt]));
  const order = (id: string) => submitted.get(id) ?? '\uffff'; // unknown ids last: they are refused
  return [...ids].sort((a, b) => order(a).localeCompare(order(b)));
}

/**
 * Runs a batch nobody holds; while another request holds a live lease, waits for it (real time, within
 * the gateway's timeout); a lapsed lease is taken over and the rest decided.
 */
async function resume(
  ctx: AppContext,
  lease: Lease<DecisionBatchDoc>,
  batch: DecisionBatchDoc,
): Promise<BulkDecisionResult> {
  const waitUntil = Date.now() + WAIT_MAX_MS;
  let current: DecisionBatchDoc | null = batch;
  while (current && current.status === 'running') {
    const taken = await lease.claim({ _id: batch._id, status: 'running' });
    if (taken) return run(ctx, lease, taken);
    if (Date.now() > waitUntil) break;
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    current = await ctx.store.decisionBatches.findOne({ _id: batch._id });
  }
  return resultOf(ctx, current ?? batch);
}

async function run(
  ctx: AppContext,
  lease: Lease<DecisionBatchDoc>,
  batch: DecisionBatchDoc,
): Promise<BulkDecisionResult> {
  const recorded = new Map(
    (await ctx.store.decisionItems.find({ batchId: batch._id })).map((i) => [i.applicationId, i.outcome]),
  );
  try {
    for (const [seq, applicationId] of batch.applicationIds.entries()) {
      const before = recorded.get(applicationId);
      if (before !== undefined && before !== 'deciding') continue;
      // The mark says "this batch is deciding it": only a marked item may later be recognised as decided by this batch.
      if (before === undefined) await mark(ctx, batch._id, seq, applicationId);
      const result = await decideOne(ctx, batch, applicationId, before === 'deciding');
      await ctx.store.decisionItems.updateOne(
        { _id: itemId(batch._id, applicationId), outcome: 'deciding' },
        { $set: result },
      );
      if (seq % 20 === 19) await lease.renew(batch._id);
    }
  } catch (error) {
    // An outage, not a refusal: let a retry take the rest over at once.
    await lease.release(batch._id).catch(() => undefined);
    throw error;
  }
  await ctx.store.decisionBatches.updateOne({ _id: batch._id }, { $set: { status: 'done' } });
  return resultOf(ctx, { ...batch, status: 'done' });
}

/** One item through the same use case as a single decision; a coded refusal becomes its outcome. */
async function decideOne(
  ctx: AppContext,
  batch: DecisionBatchDoc,
  applicationId: string,
  resumed: boolean,
): Promise<BulkItemResult> {
  try {
    if (batch.decision === 'accept') {
      const accepted = await acceptApplication(ctx, applicationId, actorOf(batch));
      return { applicationId, outcome: 'accepted', freePositions: accepted.freePositions };
    }
    await rejectApplication(ctx, applicationId, actorOf(batch));
    return { applicationId, outcome: 'rejected' };
  } catch (error) {
    if (!(error instanceof AppError) || errorHttpStatus(error) >= 500) throw error;
    if (resumed && error.code === errors.notPending().code) {
      // Marked by an earlier runner of this batch that crashed before recording: did it decide it?
      const application = await ctx.store.applications.findOne({ _id: applicationId });
      if (application && decidedByThisBatch(application, batch))
        return { applicationId, outcome: batch.decision === 'accept' ? 'accepted' : 'rejected' };
    }
    return { applicationId, outcome: 'refused', code: error.code };
  }
}

/** Each item is recorded in the audit log by the decision itself, as the admin who started the batch. */
const actorOf = (batch: DecisionBatchDoc) => ({ id: batch.adminId, fullName: batch.adminName });

const target: Record<Decision, string> = { accept: 'Accepted', reject: 'Rejected' };
const decidedByThisBatch = (
  application: { status: string; decidedAt: string | null },
  batch: DecisionBatchDoc,
) =>
  application.status === target[batch.decision] &&
  application.decidedAt !== null &&
  application.decidedAt >= batch.createdAt;

const itemId = (batchId: string, applicationId: string) => `${batchId}:${applicationId}`;

async function mark(ctx: AppContext, batchId: string, seq: number, applicationId: string) {
  const item: DecisionItemDoc = {
    _id: itemId(batchId, applicationId),
    batchId,
    seq,
    applicationId,
    outcome: 'deciding',
  };
  try {
    await ctx.store.decisionItems.insertOne(item);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error; // marked by an earlier runner: the same mark
  }
}

async function resultOf(ctx: AppContext, batch: DecisionBatchDoc): Promise<BulkDecisionResult> {
  const decided = await ctx.store.decisionItems.find({ batchId: batch._id }, { sort: { seq: 1 } });
  const items = decided.flatMap(({ applicationId, outcome, code, freePositions }): BulkItemResult[] =>
    outcome === 'deciding'
      ? []
      : [
          {
            applicationId,
            outcome,
            ...(code !== undefined ? { code } : {}),
            ...(freePositions !== undefined ? { freePositions } : {}),
          },
        ],
  );
  const count = (outcome: BulkItemResult['outcome']) => items.filter((i) => i.outcome === outcome).length;
  return {
    batchId: batch._id,
    decision: batch.decision,
    status: batch.status,
    total: batch.applicationIds.length,
    processed: items.length,
    accepted: count('accepted'),
    rejected: count('rejected'),
    refused: count('refused'),
    items,
  };
}

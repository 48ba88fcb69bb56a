import { z } from 'zod';
import {
  confirmationChannelSchema,
  confirmationStateSchema,
  placeReleaseReasonSchema,
  unansweredPolicySchema,
  type ConfirmationChannel,
  type ConfirmationState,
  type PlaceReleaseReason,
  type UnansweredPolicy,
} from '@moba/contracts';
import { parsedCollection, type DocumentStore, type WithOutbox } from '@moba/platform';

/**
 * One confirmation: one accepted application asked about one stretch of consecutive work days.
 * `_id` = `${applicationId}:${stretchStart}` under the store's unique _id, so a request is made once
 * per application and stretch whatever instance asks, or how often. It carries ConfirmationRequested
 * and ConfirmationAnswered through the outbox. `release` is places still to give back after an
 * answer (or a deadline under the 'free' policy); it is cleared once they are given back, so a crash
 * in between is finished by the next sweep.
 */
export interface ConfirmationDoc extends WithOutbox {
  _id: string;
  applicationId: string;
  vacancyId: string;
  estateId: string;
  workerId: string;
  stretchStart: string;
  days: string[];
  state: ConfirmationState;
  headsAccepted: number;
  headsConfirmed: number;
  channel: ConfirmationChannel | null;
  askedAt: string;
  deadline: string;
  answeredAt: string | null;
  /** Unanswered under the 'flag' policy: the place stays, the estate sees it marked. */
  flagged: boolean;
  /** The policy in force when the deadline passed (set with Unanswered). */
  policy?: UnansweredPolicy;
  /** Places to give back: down to `keep` heads (a leader confirmed fewer), or all. */
  release?: { reason: PlaceReleaseReason; keep?: number };
}

export const confirmationIdOf = (applicationId: string, stretchStart: string) =>
  `${applicationId}:${stretchStart}`;

const confirmationDocSchema = z.looseObject({
  _id: z.string(),
  applicationId: z.string(),
  vacancyId: z.string(),
  estateId: z.string(),
  workerId: z.string(),
  stretchStart: z.string(),
  days: z.array(z.string()),
  state: confirmationStateSchema,
  headsAccepted: z.number().int().min(1),
  headsConfirmed: z.number().int().min(0),
  channel: confirmationChannelSchema.nullable(),
  askedAt: z.string(),
  deadline: z.string(),
  answeredAt: z.string().nullable(),
  flagged: z.boolean(),
  policy: unansweredPolicySchema.optional(),
  release: z.object({ reason: placeReleaseReasonSchema, keep: z.number().int().optional() }).optional(),
});

export const openConfirmations = (store: DocumentStore) =>
  store
    .collection<ConfirmationDoc>('confirmations', {
      indexes: [
        { fields: ['vacancyId'] },
        { fields: ['applicationId'] },
        { fields: ['workerId'] },
        { fields: ['state'] },
        { fields: ['deadline'] },
      ],
    })
    .then((c) => parsedCollection(c, confirmationDocSchema));

import { z } from 'zod';
import { featuringSchema, paymentTypeSchema, regionSchema, vacancyStatusSchema } from '@moba/contracts';
import { parsedCollection, type DocumentStore } from '@moba/platform';
import type { EstateDoc, VacancyDoc } from './domain/vacancy';
import type { WorkerPlaceDoc } from './replicate-worker-place/replicate-worker-place';
import { reportSignalSchema, type ReportReason, type ReportSignal } from '@moba/contracts';
import type { ReporterStanding } from './domain/report-weight';

export interface ReportDoc {
  _id: string;
  vacancyId: string;
  workerId: string;
  reason: ReportReason;
  text?: string;
  reportedAt: string;
  /** Taken when the report was made (domain/report-weight.ts); reports from before weighing have none. */
  weight?: number;
  signals?: ReportSignal[];
}

/** One late release of places by an estate (count-late-cancellations), remembered once: its id is the event's. */
export interface LateCancellationDoc {
  _id: string;
  estateId: string;
  vacancyId: string;
  applicationId: string;
  releasedAt: string;
}

export interface ReporterStandingDoc extends ReporterStanding {
  _id: string;
}

const reporterStandingSchema = z.looseObject({
  _id: z.string(),
  registeredAt: z.string().optional(),
  emailConfirmed: z.boolean().optional(),
  appliedIn: z.array(z.string()).optional(),
  acceptedOn: z.array(z.string()).optional(),
});
const reportDocSchema = z.looseObject({
  _id: z.string(),
  vacancyId: z.string(),
  workerId: z.string(),
  reportedAt: z.string(),
  weight: z.number().int().min(0).optional(),
  signals: z.array(reportSignalSchema).optional(),
});

/**
 * A vacancy read back from the store is checked against the shape it was written in (STYLE habit 4),
 * so a changed or damaged document fails loudly instead of reaching the lists and the read model.
 */
const vacancyDocSchema = z.looseObject({
  _id: z.string(),
  estateId: z.string(),
  estateName: z.string(),
  title: z.string(),
  description: z.string(),
  municipality: z.string(),
  region: regionSchema,
  crops: z.array(z.string()),
  jobActivities: z.array(z.string()),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  workStartTime: z.string(),
  workEndTime: z.string(),
  hoursPerDay: z.number(),
  paymentType: paymentTypeSchema,
  dailyWage: z.number().optional(),
  normPrice: z.number().optional(),
  foodProvided: z.boolean(),
  transportProvided: z.boolean(),
  accommodationProvided: z.boolean(),
  groupLeadersAccepted: z.boolean(),
  featuring: featuringSchema,
  featured: z.boolean(),
  status: vacancyStatusSchema,
  totalPositions: z.number().int().min(0),
  freePositions: z.number().int().min(0),
  createdAt: z.string(),
  appliedEvents: z.array(z.string()),
  paymentOutcomes: z.array(z.string()),
});

/** The collections of the vacancy service and their indexes. */
export async function openVacancyStore(store: DocumentStore) {
  return {
    vacancies: parsedCollection(
      await store.collection<VacancyDoc>('vacancies', {
        indexes: [{ fields: ['estateId'] }, { fields: ['status'] }],
      }),
      vacancyDocSchema,
    ),
    /** Worker reports of mobas: one per worker per moba (_id = vacancyId:workerId). */
    reports: parsedCollection(
      await store.collection<ReportDoc>('reports', { indexes: [{ fields: ['vacancyId'] }] }),
      reportDocSchema,
    ),
    /** Replica of what a report's weight is taken from (auth and application events), by worker id. */
    reporters: parsedCollection(
      await store.collection<ReporterStandingDoc>('reporter_standing'),
      reporterStandingSchema,
    ),
    /** Replica of estates (name from auth events) plus the promo counter. */
    estates: await store.collection<EstateDoc>('estates'),
    /** Replica of each worker's municipality (auth events): where browsing measures from. */
    workerPlaces: await store.collection<WorkerPlaceDoc>('worker_places'),
    /** Places estates gave back late (application's PlacesReleased), one per event: the moba page's figure. */
    lateCancellations: await store.collection<LateCancellationDoc>('late_cancellations', {
      indexes: [{ fields: ['estateId'] }],
    }),
  };
}
export type VacancyStore = Awaited<ReturnType<typeof openVacancyStore>>;

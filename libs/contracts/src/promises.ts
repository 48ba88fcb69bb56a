import { z } from 'zod';

/**
 * Promise kept: beside the stars, a short checklist of what the moba promised.
 *
 * - A worker rating an estate answers: paid the agreed wage, paid when agreed, hours as listed, and
 *   food / transport / accommodation as listed — only the ones the moba offered.
 * - An estate rating a worker answers: came, stayed to the end.
 *
 * One rated job keeps its promises when every answer is yes. A user's figure is "kept of jobs"
 * ("promises kept 94 % · 17 jobs", "came and stayed 100 % · 9 jobs"), shown from
 * PROMISE_FIGURE_MIN_JOBS rated jobs up; below that the user is "new on Moba".
 */
export const estatePromisesSchema = z.object({
  paidAgreedWage: z.boolean({ message: 'required' }),
  paidOnTime: z.boolean({ message: 'required' }),
  hoursAsListed: z.boolean({ message: 'required' }),
  food: z.boolean().optional(),
  transport: z.boolean().optional(),
  accommodation: z.boolean().optional(),
});
export type EstatePromises = z.infer<typeof estatePromisesSchema>;

export const workerPromisesSchema = z.object({
  came: z.boolean({ message: 'required' }),
  stayed: z.boolean({ message: 'required' }),
});
export type WorkerPromises = z.infer<typeof workerPromisesSchema>;

/**
 * An estate's checklist as it is given (issue #31): "stayed to the end" is not asked of someone who
 * did not come, so it is no then; a yes is refused naming `stayed`.
 */
export const workerPromisesInputSchema = workerPromisesSchema.refine((p) => p.came || !p.stayed, {
  path: ['stayed'],
  message: 'not asked of someone who did not come',
});

/** The extras a moba offered: only these are asked about (an answer about another is refused). */
export const offeredExtras = ['food', 'transport', 'accommodation'] as const;
export type OfferedExtra = (typeof offeredExtras)[number];
export type Offers = Record<OfferedExtra, boolean>;

/** The extras a checklist answers that the moba did not offer (each a refusal naming `promises.<extra>`). */
export const unofferedAnswers = (promises: EstatePromises, offers: Offers | undefined): OfferedExtra[] =>
  offers ? offeredExtras.filter((extra) => promises[extra] !== undefined && !offers[extra]) : [];

/** Whether one rated job kept every promise that was answered. */
export const promisesKept = (promises: EstatePromises | WorkerPromises): boolean =>
  Object.values(promises).every((answer) => answer !== false);

export { PROMISE_FIGURE_MIN_JOBS, promisePercent } from './plain-values';

/** A user's figure: rated jobs with a checklist, and how many kept every promise. */
export const promiseFigureSchema = z.object({
  jobs: z.number().int().min(0),
  kept: z.number().int().min(0),
});
export type PromiseFigure = z.infer<typeof promiseFigureSchema>;

/** Recount: the figure of a list of per-job outcomes (true = kept). */
export const recountFigure = (outcomes: Iterable<boolean>): PromiseFigure => {
  let jobs = 0;
  let kept = 0;
  for (const outcome of outcomes) {
    jobs++;
    if (outcome) kept++;
  }
  return { jobs, kept };
};

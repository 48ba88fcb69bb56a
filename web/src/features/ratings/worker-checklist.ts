import type { WorkerPromises, WorkersForRating } from '@moba/contracts';
import { completeAnswers, type Answers } from './components/PromiseChecklist';

/** An estate's rating of one worker while it is being written. */
export interface Draft {
  grade: number | null;
  comment: string;
  answers: Answers;
}

export type WorkerToRate = WorkersForRating['workers'][number];

export const workerPromiseItems = ['came', 'stayed'] as const;
/** "Stayed to the end" is not asked of someone who did not come (the server refuses a yes then). */
export const itemsOf = (answers: Answers) =>
  answers.came === false ? (['came'] as const) : workerPromiseItems;
export const promisesOf = (draft: Draft): WorkerPromises | null =>
  draft.answers.came === false
    ? { came: false, stayed: false }
    : completeAnswers<WorkerPromises>(workerPromiseItems, draft.answers);
/** A new draft: the checklist pre-filled from the estate's attendance per day, when it was marked. */
export const newDraft = (worker: WorkerToRate | undefined): Draft => ({
  grade: null,
  comment: '',
  answers: worker?.attended
    ? { came: worker.attended.came, stayed: worker.attended.came && worker.attended.stayed }
    : {},
});

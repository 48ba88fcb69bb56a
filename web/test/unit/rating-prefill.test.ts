import {
  itemsOf,
  newDraft,
  promisesOf,
  workerPromiseItems,
  type WorkerToRate,
} from '../../src/features/ratings/worker-checklist';

const worker = (attended?: { came: boolean; stayed: boolean }): WorkerToRate => ({
  workerId: '7b0f3c2e-1d4a-4c6b-9e8f-0a1b2c3d4e5f',
  fullName: 'Mira Radić',
  rated: false,
  ...(attended ? { attended } : {}),
});

describe("the estate's checklist of a worker", () => {
  test('is pre-filled from attendance: who came and who stayed on every marked day', () => {
    expect(newDraft(worker({ came: true, stayed: true })).answers).toEqual({ came: true, stayed: true });
    expect(newDraft(worker({ came: true, stayed: false })).answers).toEqual({ came: true, stayed: false });
    expect(newDraft(worker()).answers).toEqual({});
  });

  test('does not ask "stayed to the end" of someone who did not come, and sends no for it', () => {
    const draft = newDraft(worker({ came: false, stayed: false }));
    expect(itemsOf(draft.answers)).toEqual(['came']);
    expect(promisesOf(draft)).toEqual({ came: false, stayed: false });
    // Changing "came" to yes asks "stayed" again; unanswered, the checklist is not complete.
    const came = { ...draft, answers: { came: true } };
    expect(itemsOf(came.answers)).toEqual(workerPromiseItems);
    expect(promisesOf(came)).toBeNull();
  });
});

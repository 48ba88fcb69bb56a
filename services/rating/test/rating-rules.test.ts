import { ratingErrorCodes } from '@moba/contracts';
import { estateMayRateVacancy, estateMayRateWorker, workerMayRateEstate } from '../src/domain/rating-rules';
import { averageOf } from '../src/domain/summary';

const finished = { estateId: 'e1', status: 'Finished', deleted: false };

describe('who may rate whom', () => {
  test('a worker may rate the estate only as a participant of a Finished vacancy, once', () => {
    expect(workerMayRateEstate(finished, true, false)).toEqual({ ok: true });
    expect(workerMayRateEstate(null, true, false)).toEqual({
      ok: false,
      code: ratingErrorCodes.VACANCY_NOT_FOUND,
    });
    expect(workerMayRateEstate({ ...finished, deleted: true }, true, false)).toEqual({
      ok: false,
      code: ratingErrorCodes.VACANCY_NOT_FOUND,
    });
    expect(workerMayRateEstate(finished, false, false)).toEqual({
      ok: false,
      code: ratingErrorCodes.NOT_A_PARTICIPANT,
    });
    for (const status of ['Open', 'Pending', 'Closed']) {
      expect(workerMayRateEstate({ ...finished, status }, true, false)).toEqual({
        ok: false,
        code: ratingErrorCodes.NOT_FINISHED,
      });
    }
    expect(workerMayRateEstate(finished, true, true)).toEqual({
      ok: false,
      code: ratingErrorCodes.ALREADY_RATED,
    });
  });

  test('a stranger learns that they are not a participant before learning whether the vacancy is finished', () => {
    expect(workerMayRateEstate({ ...finished, status: 'Open' }, false, false)).toEqual({
      ok: false,
      code: ratingErrorCodes.NOT_A_PARTICIPANT,
    });
    expect(estateMayRateVacancy({ ...finished, status: 'Open' }, 'e2')).toEqual({
      ok: false,
      code: ratingErrorCodes.NOT_VACANCY_OWNER,
    });
  });

  test('an estate may rate only on its own Finished vacancy, an accepted worker, once', () => {
    expect(estateMayRateVacancy(finished, 'e1')).toEqual({ ok: true });
    expect(estateMayRateVacancy(finished, 'e2')).toEqual({
      ok: false,
      code: ratingErrorCodes.NOT_VACANCY_OWNER,
    });
    expect(estateMayRateVacancy({ ...finished, status: 'Closed' }, 'e1')).toEqual({
      ok: false,
      code: ratingErrorCodes.NOT_FINISHED,
    });
    expect(estateMayRateWorker(true, false)).toEqual({ ok: true });
    expect(estateMayRateWorker(false, false)).toEqual({
      ok: false,
      code: ratingErrorCodes.NOT_A_PARTICIPANT,
    });
    expect(estateMayRateWorker(true, true)).toEqual({ ok: false, code: ratingErrorCodes.ALREADY_RATED });
  });

  test('the average is rounded to 2 decimals and absent without ratings', () => {
    expect(averageOf(0, 0)).toBeNull();
    expect(averageOf(11, 3)).toBe(3.67);
    expect(averageOf(10, 2)).toBe(5);
  });
});

import { dayAttendanceRequestSchema, headIdSchema, unnamedHeadId, workerPromisesInputSchema } from '../src';

const applicationId = '7b0f3c2e-1d4a-4c6b-9e8f-0a1b2c3d4e5f';

describe('attendance per day and per head', () => {
  test('a head is a person id, or an application id with the number of a crew person without a name', () => {
    expect(headIdSchema.safeParse(applicationId).success).toBe(true);
    expect(headIdSchema.safeParse(unnamedHeadId(applicationId, 3)).success).toBe(true);
    for (const bad of [`${applicationId}:0`, `${applicationId}:x`, 'person-3', `${applicationId}:1000`])
      expect(headIdSchema.safeParse(bad).success).toBe(false);
  });

  test('a day is optional but, when given, a calendar date', () => {
    const marks = [{ personId: applicationId, attendance: 'Came' }];
    expect(dayAttendanceRequestSchema.safeParse({ marks }).success).toBe(true);
    expect(dayAttendanceRequestSchema.safeParse({ day: '2026-07-02', marks }).success).toBe(true);
    const bad = dayAttendanceRequestSchema.safeParse({ day: '2.7.2026', marks });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['day']);
  });

  test('"stayed to the end" cannot be yes for someone who did not come', () => {
    expect(workerPromisesInputSchema.safeParse({ came: false, stayed: false }).success).toBe(true);
    expect(workerPromisesInputSchema.safeParse({ came: true, stayed: false }).success).toBe(true);
    const refused = workerPromisesInputSchema.safeParse({ came: false, stayed: true });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.path).toEqual(['stayed']);
  });
});

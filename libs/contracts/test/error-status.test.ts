import { errorStatus, httpStatusOf, serviceErrorCodes } from '../src';

test('every catalogue code has an HTTP error status', () => {
  const missing = serviceErrorCodes.filter((code) => !Number.isInteger(errorStatus[code]));
  expect(missing).toEqual([]);
  for (const code of serviceErrorCodes) {
    expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
    expect(errorStatus[code]).toBeLessThan(600);
  }
});

test('the status table names only catalogue codes', () => {
  const known = new Set<string>(serviceErrorCodes);
  expect(Object.keys(errorStatus).filter((code) => !known.has(code))).toEqual([]);
});

test('a code outside the catalogue answers as a server fault', () => {
  expect(httpStatusOf('APPLICATION.NOT_PENDING')).toBe(409);
  expect(httpStatusOf('NO.SUCH_CODE')).toBe(500);
});

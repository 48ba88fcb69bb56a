import { byReaderOrder, formatDate, formatRsd } from '../../src/lib/format';

describe('money and dates', () => {
  test.each([
    [1500, '1.500 RSD', '1,500 RSD'],
    [0, '0 RSD', '0 RSD'],
    [999, '999 RSD', '999 RSD'],
    [10000, '10.000 RSD', '10,000 RSD'],
    [1234567, '1.234.567 RSD', '1,234,567 RSD'],
    [1499.5, '1.499,50 RSD', '1,499.50 RSD'],
  ])('%p is written %s in Serbian (both scripts) and %s in English', (amount, serbian, english) => {
    expect(formatRsd(amount, 'sr-Latn')).toBe(serbian);
    expect(formatRsd(amount, 'sr-Cyrl')).toBe(serbian);
    expect(formatRsd(amount, 'en')).toBe(english);
  });

  test.each([
    [
      'sr-Cyrl',
      ['Зајечарски', 'Борски', 'Љубовијски', 'Шумадијски', 'Чачански', 'Нишавски'],
      ['Борски', 'Зајечарски', 'Љубовијски', 'Нишавски', 'Чачански', 'Шумадијски'],
    ],
    [
      'sr-Latn',
      ['Zaječarski', 'Borski', 'Čačanski', 'Šumadijski', 'Nišavski', 'Ljubovijski'],
      ['Borski', 'Čačanski', 'Ljubovijski', 'Nišavski', 'Šumadijski', 'Zaječarski'],
    ],
  ])("names sort in the order of the reader's alphabet (%s)", (lng, names, sorted) => {
    expect(byReaderOrder(names, (n) => n, lng)).toEqual(sorted);
  });

  test('a date reads per language', () => {
    const d = new Date(Date.UTC(2026, 10, 21, 12));
    expect(formatDate(d, 'en')).toBe('21\u00a0Nov\u00a02026');
    expect(formatDate(d, 'sr-Latn')).toBe('21.\u00a011.\u00a02026.');
    expect(formatDate(d, 'sr-Cyrl')).toBe('21.\u00a011.\u00a02026.');
  });

  test('a date never breaks across lines: no ordinary space is left in it', () => {
    const d = new Date(Date.UTC(2026, 10, 30, 12));
    for (const language of ['sr-Latn', 'sr-Cyrl', 'en'])
      expect(formatDate(d, language)).not.toMatch(/[ \t\n]/);
  });
});

test("a list's many amounts and dates make one formatter per language and kind, not one each", () => {
  // Making a formatter loads its locale's data: on a slow phone, milliseconds for each card's figures.
  const numbers = jest.spyOn(Intl, 'NumberFormat');
  const dates = jest.spyOn(Intl, 'DateTimeFormat');
  for (let i = 0; i < 20; i++) {
    formatRsd(3000 + i, 'sr-Cyrl');
    formatDate(new Date(2026, 6, 1 + i), 'sr-Cyrl');
  }
  // At most one each: the tests above may have made them already.
  expect(numbers.mock.calls.length).toBeLessThanOrEqual(1);
  expect(dates.mock.calls.length).toBeLessThanOrEqual(1);
  expect(formatRsd(3200, 'sr-Cyrl')).toBe('3.200 RSD');
  numbers.mockRestore();
  dates.mockRestore();
});

import { formatDate, formatRsd } from '../../src/lib/format';

describe('money and dates', () => {
  test.each([
    [1500, '1.500 RSD'],
    [0, '0 RSD'],
    [999, '999 RSD'],
    [10000, '10.000 RSD'],
    [1234567, '1.234.567 RSD'],
    [1499.6, '1.500 RSD'],
  ])('%p is written %s', (amount, text) => {
    expect(formatRsd(amount)).toBe(text);
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

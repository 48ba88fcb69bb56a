import i18next from 'i18next';
import { formatRelative, relativeParts } from '../../src/lib/relative-time';
import { latinToCyrillic, mapStrings } from '../../src/lib/translit';
import commonSr from '../../src/locales/sr-Latn/common.json';
import commonEn from '../../src/locales/en/common.json';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative time units', () => {
  test.each([
    [0, 'justNow', 0],
    [59_999, 'justNow', 0],
    [MIN, 'minutes', 1],
    [59 * MIN + 59_000, 'minutes', 59],
    [HOUR, 'hours', 1],
    [23 * HOUR + 59 * MIN, 'hours', 23],
    [DAY, 'days', 1],
    [29 * DAY, 'days', 29],
    [30 * DAY, 'months', 1],
    [59 * DAY, 'months', 1],
    [60 * DAY, 'months', 2],
    [400 * DAY, 'months', 13],
  ])('%i ms ago reads as %s (%i)', (elapsed, unit, count) => {
    expect(relativeParts(ago(elapsed), now)).toEqual({ unit, count });
  });

  test('a date in the future (clock skew) reads as just now', () => {
    expect(relativeParts(new Date(now + 5 * MIN), now)).toEqual({ unit: 'justNow', count: 0 });
  });
});

describe('relative time in each language', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'sr-Latn',
      fallbackLng: false,
      showSupportNotice: false,
      resources: {
        'sr-Latn': { common: commonSr },
        'sr-Cyrl': { common: mapStrings(commonSr, latinToCyrillic) as Record<string, unknown> },
        en: { common: commonEn },
      },
    });
  });
  const say = async (lng: string, elapsed: number) => {
    await i18n.changeLanguage(lng);
    return formatRelative(i18n.t.bind(i18n) as never, ago(elapsed), now);
  };

  test('Serbian uses its three plural forms', async () => {
    expect(await say('sr-Latn', 10_000)).toBe('upravo sada');
    expect(await say('sr-Latn', 1 * MIN)).toBe('pre 1 minut');
    expect(await say('sr-Latn', 3 * MIN)).toBe('pre 3 minuta');
    expect(await say('sr-Latn', 5 * HOUR)).toBe('pre 5 sati');
    expect(await say('sr-Latn', 2 * HOUR)).toBe('pre 2 sata');
    expect(await say('sr-Latn', 21 * DAY)).toBe('pre 21 dan');
    expect(await say('sr-Latn', 65 * DAY)).toBe('pre 2 meseca');
  });

  test('Cyrillic is the transliterated Latin', async () => {
    expect(await say('sr-Cyrl', 10_000)).toBe('управо сада');
    expect(await say('sr-Cyrl', 3 * DAY)).toBe('пре 3 дана');
  });

  test('English says minutes, hours, days and months', async () => {
    expect(await say('en', 10_000)).toBe('just now');
    expect(await say('en', 1 * MIN)).toBe('1 minute ago');
    expect(await say('en', 2 * HOUR)).toBe('2 hours ago');
    expect(await say('en', 1 * DAY)).toBe('1 day ago');
    expect(await say('en', 90 * DAY)).toBe('3 months ago');
  });
});

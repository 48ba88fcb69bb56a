/**
 * @jest-environment node
 */
import { crops, jobActivities } from '@moba/contracts';
import sr from '../../src/locales/sr-Latn/work.json';
import en from '../../src/locales/en/work.json';

const names = (list: readonly { id: string; sr: string; en: string }[], field: 'sr' | 'en') =>
  Object.fromEntries(list.map((item) => [item.id, item[field]]));

// The `work` texts are written from the shared lists by scripts/work-texts.mjs: run it again when
// this fails.
test.each([
  ['sr-Latn', sr, 'sr'],
  ['en', en, 'en'],
] as const)(
  'the %s work texts name every crop and job activity as the shared lists do',
  (_, texts, field) => {
    expect(texts.crops).toEqual(names(crops, field));
    expect(texts.jobs).toEqual(names(jobActivities, field));
  },
);

import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/format';

/** What a broadcast says, as the worker reads it (the notification panel, the estate's preview and list). */
export interface BroadcastWords {
  template: string;
  day: string | null;
  value?: string;
  text?: string;
  movedTo?: string;
  vacancyTitle: string;
  estateName: string;
}

/**
 * The worker's text of a broadcast in the reader's language (namespace day-of-work, key
 * broadcast.notification.<template>, `_day` when it names one day). `shown` writes typed words in the
 * reader's script.
 */
export function broadcastText(
  t: TFunction,
  language: string,
  words: BroadcastWords,
  shown: (text: string) => string = (text) => text,
): string {
  const date = (day: string | undefined | null) => (day ? formatDate(day, language) : '');
  return t(`day-of-work:broadcast.notification.${words.template}`, {
    ...(words.day ? { context: 'day' } : {}),
    estateName: shown(words.estateName),
    vacancyTitle: shown(words.vacancyTitle),
    value: words.value === undefined ? '' : shown(words.value),
    text: words.text === undefined ? '' : shown(words.text),
    dayText: date(words.day),
    movedToText: words.movedTo ? date(words.movedTo) : t('day-of-work:broadcast.notification.later'),
    interpolation: { escapeValue: false },
  });
}

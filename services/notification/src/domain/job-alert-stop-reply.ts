import { toLatin } from '@moba/contracts';

const STOP_WORDS = new Set(['stop', 'odjava']);

/** "STOP POSAO" in either script and any case (also "ODJAVA POSAO"): a reply that stops job alerts only. */
export function isJobAlertStop(text: string): boolean {
  const [first, second, ...rest] = toLatin(text).trim().toLowerCase().split(/\s+/);
  return rest.length === 0 && STOP_WORDS.has(first ?? '') && second === 'posao';
}

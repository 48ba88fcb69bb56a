import type { DocumentStore } from '@moba/platform';
import { createDevSmsSender } from './dev-sms';
import { createInfobipSender, infobipOptionsFromUrl } from './infobip-sms';
import type { SmsSender } from './sms-sender';

/** Picks the adapter by SMS_URL scheme. */
export async function createSmsSender(
  url: string,
  store: DocumentStore,
  now: () => Date = () => new Date(),
): Promise<SmsSender> {
  if (url.startsWith('dev://')) return createDevSmsSender(store, now);
  if (url.startsWith('infobip://') || url.startsWith('infobip+http://'))
    return createInfobipSender(infobipOptionsFromUrl(url));
  throw new Error(`no SMS sender for ${url} (known: dev://, infobip://)`);
}

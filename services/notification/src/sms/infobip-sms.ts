import { SmsSendError, type SmsSender } from './sms-sender';

/**
 * Infobip (https://www.infobip.com/docs/api/channels/sms): direct connections to the Serbian operators
 * (Yettel, mts, A1) and a local office in Belgrade, one HTTP API for SMS and inbound replies (STOP).
 * Sending: POST {baseUrl}/sms/3/messages with `Authorization: App {apiKey}`; the answer lists each
 * message with a status group (PENDING or DELIVERED accepted; REJECTED, UNDELIVERABLE, EXPIRED not).
 * Errors: `{errorCode, description, action, violations}` with 4xx/5xx; 429 (E429) is throttling, to be
 * retried after a pause (Retry-After when given).
 *
 * SMS_URL: infobip://{apiKey}@{yourBase}.api.infobip.com?sender=Moba (https);
 * infobip+http://… only for tests against a local server.
 */
export interface InfobipOptions {
  baseUrl: string;
  apiKey: string;
  sender: string;
  timeoutMs: number;
}

export function infobipOptionsFromUrl(url: string): InfobipOptions {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'infobip+http:' ? 'http:' : 'https:';
  const apiKey = decodeURIComponent(parsed.username);
  if (!apiKey) throw new Error('SMS_URL infobip:// needs the API key as its user: infobip://KEY@host');
  return {
    baseUrl: `${protocol}//${parsed.host}`,
    apiKey,
    sender: parsed.searchParams.get('sender') ?? 'Moba',
    timeoutMs: Number(parsed.searchParams.get('timeoutMs') ?? 10_000),
  };
}

interface InfobipAnswer {
  messages?: { messageId?: string; status?: { groupName?: string; name?: string; description?: string } }[];
  errorCode?: string;
  description?: string;
}

const ACCEPTED_GROUPS = new Set(['PENDING', 'DELIVERED']);

const retryAfterMs = (header: string | null) => {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

export function createInfobipSender(options: InfobipOptions): SmsSender {
  return {
    async send({ to, text }) {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/sms/3/messages`, {
          method: 'POST',
          headers: {
            authorization: `App ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            messages: [
              { sender: options.sender, destinations: [{ to: to.replace(/^\+/, '') }], content: { text } },
            ],
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`infobip unreachable: ${(error as Error).message}`, true);
      }
      const answer = (await response.json().catch(() => ({}))) as InfobipAnswer;
      if (response.status === 429)
        throw new SmsSendError(
          `infobip throttled: ${answer.errorCode ?? 429}`,
          true,
          retryAfterMs(response.headers.get('retry-after')),
        );
      if (response.status >= 500)
        throw new SmsSendError(`infobip ${response.status}: ${answer.errorCode ?? ''}`, true);
      if (!response.ok)
        throw new SmsSendError(
          `infobip refused (${response.status} ${answer.errorCode ?? ''}): ${answer.description ?? ''}`,
          false,
        );
      const message = answer.messages?.[0];
      const group = message?.status?.groupName ?? '';
      if (!message?.messageId || !ACCEPTED_GROUPS.has(group))
        throw new SmsSendError(
          `infobip did not take the message: ${group} ${message?.status?.name ?? ''}`.trim(),
          false,
        );
      return { providerMessageId: message.messageId };
    },
    async close() {},
  };
}

/** An inbound SMS forwarded by Infobip to our webhook: `{results: [{from, to, text, cleanText, keyword, …}]}`. */
export interface InboundSms {
  from: string;
  text: string;
  /** The provider's id of the message (a redelivery carries the same). */
  messageId?: string;
}

export function inboundFromInfobip(body: unknown): InboundSms[] {
  const results = (body as { results?: unknown })?.results;
  if (!Array.isArray(results)) return [];
  return results.flatMap((r: { from?: unknown; text?: unknown; cleanText?: unknown; messageId?: unknown }) =>
    typeof r?.from === 'string' && (typeof r.text === 'string' || typeof r.cleanText === 'string')
      ? [
          {
            from: r.from,
            text: String(r.cleanText ?? r.text),
            ...(typeof r.messageId === 'string' && r.messageId ? { messageId: r.messageId } : {}),
          },
        ]
      : [],
  );
}

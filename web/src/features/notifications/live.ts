import type { Notification } from '@moba/contracts';
import { wsCloseCodes } from '@moba/contracts/plain-values';

// Frames are checked with the shared schema, fetched with the first frame: most visits get none, and
// zod is not downloaded on the way to a worker's first page (issue 21 item 3).
const frameSchema = () => import('@moba/contracts/api/notification').then((m) => m.wsServerMessageSchema);

export interface LiveHandlers {
  onNotification: (notification: Notification) => void;
  /**
   * The socket is open, the first time or again after a drop: whatever was sent while it was not
   * (before it first opened, or while it was down) must be fetched again.
   */
  onCatchUp: () => void;
  /** The server refused the token (expired, revoked) or the user (banned). */
  onUnauthenticated: (reason: 'banned' | 'ended') => void;
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void;
}

export interface LiveOptions {
  getToken: () => string | null;
  url?: string;
  WebSocketImpl?: typeof WebSocket;
  /** Delay before reconnect attempt n (0-based): 1 s, 2 s, 4 s … up to 30 s, with jitter. */
  backoffMs?: (attempt: number) => number;
}

export const defaultBackoff = (attempt: number) =>
  Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

export function liveUrl(userId: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws/${encodeURIComponent(userId)}`;
}

/**
 * The live channel of spec §7: WebSocket /api/ws/{userId}; the first frame is the greeting {token};
 * every server frame is a notification. Reconnects with backoff; after every open the list is
 * fetched again, so nothing sent before the socket was open (it opens after the page has shown) or
 * while it was down is lost.
 */
export function connectLive(userId: string, handlers: LiveHandlers, options: LiveOptions) {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const backoff = options.backoffMs ?? defaultBackoff;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    if (stopped) return;
    const token = options.getToken();
    if (!token) return;
    handlers.onStatus?.('connecting');
    const ws = new Impl(options.url ?? liveUrl(userId));
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ token }));
      handlers.onStatus?.('open');
      handlers.onCatchUp();
      attempt = 0;
    };
    ws.onmessage = (event: MessageEvent) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return; // not JSON: ignore
      }
      void frameSchema().then((schema) => {
        const parsed = schema.safeParse(frame);
        if (parsed.success) handlers.onNotification(parsed.data);
      });
    };
    ws.onclose = (event: CloseEvent) => {
      socket = null;
      handlers.onStatus?.('closed');
      if (stopped) return;
      if (event.code === wsCloseCodes.unauthenticated || event.code === wsCloseCodes.banned) {
        handlers.onUnauthenticated(event.code === wsCloseCodes.banned ? 'banned' : 'ended');
        return;
      }
      timer = setTimeout(open, backoff(attempt++));
    };
  };

  open();
  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}

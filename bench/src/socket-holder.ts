/**
 * Holds open WebSockets in a process of its own (so the load driver's CPU is not theirs):
 * the parent sends { cmd: 'open', sockets: [{ url, token, reconnect? }] }, gets { cmd: 'opened', open, failed };
 * { cmd: 'count' } answers { cmd: 'counted', open, closed, pushes, reconnected }; { cmd: 'pushes' } answers
 * { cmd: 'pushed', pushes } (per socket, in the order opened: each notification it received, with the
 * monotonic time in ms it arrived, its key and the vacancyId it names); { cmd: 'close' } ends it. A socket opened with `reconnect` opens again after its server
 * went away, as the web app does, and greets with its token again.
 */
import WebSocket from 'ws';

interface Held {
  url: string;
  token: string;
  reconnect: boolean;
  open: boolean;
  everOpened: boolean;
  pushes: Push[];
}

interface Push {
  at: number;
  key?: string;
  vacancyId?: unknown;
}

function pushOf(data: WebSocket.RawData, at: number): Push {
  try {
    const notification = JSON.parse(data.toString()) as {
      content?: { key?: string; params?: { vacancyId?: unknown } };
    };
    return { at, key: notification.content?.key, vacancyId: notification.content?.params?.vacancyId };
  } catch {
    return { at };
  }
}

const held: Held[] = [];
const sockets: WebSocket[] = [];
let closing = false;
let reconnected = 0;

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Resolves whether the socket opened; a reconnecting socket keeps trying until it does. */
function connect(socket: Held, retry = 0): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(socket.url, { perMessageDeflate: false });
    let opened = false;
    ws.on('open', () => {
      opened = true;
      socket.open = true;
      socket.everOpened = true;
      ws.send(JSON.stringify({ token: socket.token }));
      resolve(true);
    });
    ws.on('message', (data) => socket.pushes.push(pushOf(data, now())));
    ws.on('error', () => undefined); // 'close' follows
    ws.on('close', () => {
      socket.open = false;
      if (closing) return;
      if (!socket.reconnect) {
        if (!opened) resolve(false);
        return;
      }
      if (opened) reconnected++;
      const again = () => void connect(socket, opened ? 0 : retry + 1).then(resolve);
      setTimeout(again, Math.min(2000, 100 * 2 ** retry));
    });
    sockets.push(ws);
  });
}

process.on(
  'message',
  async (message: { cmd: string; sockets?: { url: string; token: string; reconnect?: boolean }[] }) => {
    if (message.cmd === 'open') {
      let failed = 0;
      const all = (message.sockets ?? []).map((s) => ({
        url: s.url,
        token: s.token,
        reconnect: Boolean(s.reconnect),
        open: false,
        everOpened: false,
        pushes: [],
      }));
      held.push(...all);
      for (let i = 0; i < all.length; i += 200)
        for (const ok of await Promise.all(all.slice(i, i + 200).map((s) => connect(s)))) if (!ok) failed++;
      process.send!({ cmd: 'opened', open: held.filter((s) => s.open).length, failed });
    } else if (message.cmd === 'count') {
      const open = held.filter((s) => s.open).length;
      const closed = held.filter((s) => s.everOpened && !s.open).length;
      const pushes = held.reduce((sum, s) => sum + s.pushes.length, 0);
      process.send!({ cmd: 'counted', open, closed, pushes, reconnected });
    } else if (message.cmd === 'pushes') {
      process.send!({ cmd: 'pushed', pushes: held.map((s) => s.pushes) });
    } else if (message.cmd === 'close') {
      closing = true;
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  },
);

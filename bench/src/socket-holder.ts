/**
 * Holds the peak's open WebSockets in a process of its own (so the load driver's CPU is not theirs):
 * the parent sends { cmd: 'open', sockets: [{ url, token }] }, gets { cmd: 'opened', open, failed };
 * { cmd: 'count' } answers { cmd: 'counted', open, closed, pushes }; { cmd: 'close' } ends it.
 */
import WebSocket from 'ws';

const sockets: WebSocket[] = [];
let closed = 0;
let pushes = 0;

function openOne(url: string, token: string) {
  return new Promise<boolean>((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let opened = false;
    ws.on('open', () => {
      opened = true;
      ws.send(JSON.stringify({ token }));
      sockets.push(ws);
      resolve(true);
    });
    ws.on('message', () => pushes++);
    ws.on('error', () => {
      if (!opened) resolve(false);
    });
    ws.on('close', () => {
      if (opened) closed++;
    });
  });
}

process.on('message', async (message: { cmd: string; sockets?: { url: string; token: string }[] }) => {
  if (message.cmd === 'open') {
    let failed = 0;
    const all = message.sockets ?? [];
    for (let i = 0; i < all.length; i += 200)
      for (const ok of await Promise.all(all.slice(i, i + 200).map((s) => openOne(s.url, s.token))))
        if (!ok) failed++;
    process.send!({ cmd: 'opened', open: sockets.length - closed, failed });
  } else if (message.cmd === 'count') {
    process.send!({ cmd: 'counted', open: sockets.length - closed, closed, pushes });
  } else if (message.cmd === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});

import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * What a k8s Service does, for tests: each new TCP connection goes to the next endpoint whose
 * /readyz answers 200 (polled, as the endpoints controller follows the readiness probes), and stays
 * on it for its whole life.
 */
export async function startEndpointBalancer(targets: () => { port: number; url: string }[], pollMs = 25) {
  const ready = new Set<number>();
  const pollOnce = () =>
    Promise.all(
      targets().map((target) =>
        fetch(`${target.url}/readyz`)
          .then((r) => (r.ok ? ready.add(target.port) : ready.delete(target.port)))
          .catch(() => ready.delete(target.port)),
      ),
    );
  await pollOnce();
  const poll = setInterval(() => void pollOnce(), pollMs);
  let next = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    const ports = [...ready];
    if (!ports.length) return client.destroy();
    const upstream = connect(ports[next++ % ports.length], '127.0.0.1');
    client.pipe(upstream).pipe(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The endpoints new connections go to now. */
    routing: () => [...ready],
    close: () => {
      clearInterval(poll);
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Reference for bench/gateway-hop: the leanest possible proxy (node:http, keep-alive agent); prints its URL.
import http from 'node:http';

const target = new URL(process.env.TARGET!);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const server = http.createServer((req, res) => {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: req.url!.slice(4),
      method: req.method,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () =>
  console.log(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
);

// Container healthcheck without curl: exit 0 when GET http://127.0.0.1:$PORT/<path> answers 2xx.
const path = process.argv[2] ?? '/readyz';
const port = process.env.PORT ?? '3000';
fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) })
  .then((response) => process.exit(response.ok ? 0 : 1))
  .catch(() => process.exit(1));

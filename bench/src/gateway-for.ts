// A gateway whose every service is TARGET, with one public route GET /api/trivial; prints its URL.
import { createLogger, createTokenVerifier, generateKeyPair } from '@moba/platform';
import { createGateway, createTokenStateReplica, type ServiceName } from '@moba/gateway';

const target = process.env.TARGET!;
const urls = Object.fromEntries(
  ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'].map((s) => [s, [target]]),
) as Record<ServiceName, string[]>;
const { server } = createGateway({
  serviceUrls: urls,
  tokens: createTokenVerifier(generateKeyPair().publicKeyPem),
  tokenState: createTokenStateReplica(),
  logger: createLogger('bench-gateway', 'silent'),
  webDist: '/nonexistent',
  routes: [{ method: 'GET', path: '/trivial', service: 'vacancy', access: 'public' }],
});
server.listen(0, '127.0.0.1', () =>
  console.log(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
);

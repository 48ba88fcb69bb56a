/**
 * Import rules that a reader should be able to trust without reading every file (`npm run lint:deps`).
 * Type-only imports count: a circle through types is still a circle to read.
 */
// A service's context carries its stores and bus, so domain/ may not import it either.
const serviceInternals =
  '^services/[^/]+/src/(http|messaging)/|^services/[^/]+/src/(store|context|service)\\.ts$';
const storageAndTransport =
  '^libs/platform/src/(store|bus|fanout|rate)/|^libs/platform/src/(adapters|outbox|redis-clock|idempotent-consumer)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle, type imports included: split the shared part into a module both can import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ holds rules only: no HTTP, messaging, store, bus or driver. Use cases do the I/O.',
      from: { path: '^services/[^/]+/src/domain/' },
      to: {
        path: [
          serviceInternals,
          storageAndTransport,
          'node_modules/(express|pg|ioredis|mongoose|kafkajs|ws|@seald-io/nedb)/',
        ],
      },
    },
    {
      name: 'services-do-not-import-each-other',
      severity: 'error',
      comment: 'Services share only libs/ and events.',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/[^/]+/', pathNot: '^services/$1/' },
    },
    {
      name: 'libs-do-not-import-apps',
      severity: 'error',
      comment: 'libs/ serve the services, the gateway and the web; they import none of them.',
      from: { path: '^libs/' },
      to: { path: '^(services|gateway|web)/' },
    },
    {
      name: 'web-features-meet-at-their-index',
      severity: 'error',
      comment: "A web feature reaches another only through that feature's index.ts.",
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-output|\\.ssr|prerendered)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};

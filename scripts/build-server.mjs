// Builds the gateway and every service to plain JavaScript for the production image: one bundle per
// process in dist/server/<name>.js with our workspace packages (@moba/*) inside and every npm package
// left to node_modules (installed with --omit=dev). The image runs them with plain `node`: no tsx,
// no TypeScript. Drivers stay lazy: the Redis, Kafka, MongoDB and PostgreSQL clients and the
// OpenTelemetry SDK are required only when a URL (or OTEL_EXPORTER_OTLP_ENDPOINT) asks for them.
//   node scripts/build-server.mjs [outdir]
import { build } from 'esbuild';
import { resolve } from 'node:path';

export const PROCESSES = {
  gateway: 'gateway/src/main.ts',
  auth: 'services/auth/src/main.ts',
  vacancy: 'services/vacancy/src/main.ts',
  application: 'services/application/src/main.ts',
  rating: 'services/rating/src/main.ts',
  payment: 'services/payment/src/main.ts',
  notification: 'services/notification/src/main.ts',
};

/** npm packages stay outside the bundle; our workspace packages and relative files go in. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@moba/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outdir = 'dist/server', root = process.cwd()) {
  const result = await build({
    absWorkingDir: resolve(root),
    entryPoints: Object.fromEntries(Object.entries(PROCESSES).map(([name, entry]) => [name, entry])),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  return result.metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(process.argv[2]);
}

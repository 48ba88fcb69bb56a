/**
 * npm run demo: fills Moba with a realistic season through the public API only.
 * Against a running instance: BASE_URL=http://localhost:8080 ADMIN_EMAIL=… ADMIN_PASSWORD=… npm run demo
 * Without BASE_URL it starts the product itself (embedded, data in DATA_DIR or ./data) and keeps it running.
 */
import { testClient } from '@moba/platform/testing';
import { startEmbedded } from './embedded';
import { simulateSeason } from './season/simulate-season';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main() {
  const admin = {
    email: process.env.ADMIN_EMAIL ?? 'admin@moba.local',
    password: process.env.ADMIN_PASSWORD ?? 'demo-admin-2025',
  };
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    const product = await startEmbedded({
      port: number('PORT', 8080),
      host: process.env.HOST ?? '0.0.0.0',
      dataDir: process.env.DATA_DIR ?? './data',
      env: {
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        RATE_LIMIT_SCALE: '1000',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
    });
    baseUrl = product.url;
    console.log(`Moba is running at ${product.publicUrl} (admin: ${admin.email} / ${admin.password})`);
    process.on('SIGINT', () => void product.stop().then(() => process.exit(0)));
  }
  const seed = number('SEED', Date.now() % 100_000);
  console.log(`simulating a season with seed ${seed}`);
  await simulateSeason(testClient(baseUrl), {
    estates: number('ESTATES', 8),
    workers: number('WORKERS', 30),
    mobasPerEstate: number('MOBAS_PER_ESTATE', 3),
    seed,
    admin,
    finishJobs: process.env.FINISH_JOBS !== 'false',
    log: (line) => console.log(line),
  });
  if (process.env.BASE_URL) process.exit(0);
  console.log(
    `The season is live. Log in as any simulated user with password sezona-2025, e.g. worker0.${seed}@sezona.example or estate0.${seed}@sezona.example. Ctrl-C stops.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

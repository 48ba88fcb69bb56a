/**
 * npm run redrive -- [topic …]: once the cause of dead-lettered events is fixed, publishes them on
 * their topic again (every group hears them; idempotent consumers skip what they already handled) and
 * empties the dead letters. Without topics: every domain and command topic. The bus comes from
 * EVENT_BUS_URL (redis://… or kafka://…; the embedded memory:// bus lives in one process and has
 * nothing to redrive from outside). Prints one line per topic; exits 1 when entries were unreadable.
 */
import { commandTopics, topics } from '@moba/contracts';
import { createBus, createLogger } from '@moba/platform';

async function main() {
  const url = process.env.EVENT_BUS_URL;
  if (!url || url.startsWith('memory://'))
    throw new Error('EVENT_BUS_URL: give the redis:// or kafka:// bus whose dead letters to redrive');
  const chosen = process.argv.slice(2);
  const names = chosen.length ? chosen : [...Object.values(topics), ...Object.values(commandTopics)];
  const bus = await createBus(url, 'redrive', createLogger('redrive', process.env.LOG_LEVEL ?? 'warn'));
  let unreadable = 0;
  try {
    for (const topic of names) {
      const waiting = await bus.deadLetters.count(topic);
      const { redriven, kept } = waiting ? await bus.deadLetters.redrive(topic) : { redriven: 0, kept: 0 };
      unreadable += kept;
      console.log(`${topic}: ${redriven} redriven, ${kept} unreadable kept`);
    }
  } finally {
    await bus.close();
  }
  if (unreadable) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

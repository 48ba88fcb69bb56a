import { startEmbedded } from './embedded';

/** `npm start`: the whole product in one process on PORT (8080), data in DATA_DIR (./data). */
async function main() {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid configuration:\n  PORT: ${process.env.PORT} is not a port`);
  const product = await startEmbedded({
    port,
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: process.env.DATA_DIR ?? './data',
  });
  console.log(
    `\nMoba is running: ${product.publicUrl}  (API docs: ${product.publicUrl}/api/docs, dev mailbox: ${product.publicUrl}/dev/mailbox)\n`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping…');
    await product.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

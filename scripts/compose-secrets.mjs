#!/usr/bin/env node
// Writes the secrets docker-compose.yml needs into .env (Compose reads it for ${…} in the file):
//   node scripts/compose-secrets.mjs && docker compose up --build
// Each secret is made once, 32 random bytes in hex; a secret already in .env is kept (so auth and
// the gateway keep agreeing across restarts, and sandbox callbacks survive them). .env is git-ignored,
// kept out of the image's build context, and readable by its owner only.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The secrets docker-compose.yml asks for with ${NAME:?…}; test/deploy checks the two lists agree. */
export const COMPOSE_SECRETS = {
  // One secret for auth and the gateway: the gateway signs its calls to auth's /internal routes with it.
  INTERNAL_SECRET: () => randomBytes(32).toString('hex'),
  // Signs the payment sandbox's callbacks.
  PAYMENT_SANDBOX_SECRET: () => randomBytes(32).toString('hex'),
};

export function writeComposeSecrets(file) {
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const present = new Set([...existing.matchAll(/^([A-Z_]+)=./gm)].map((m) => m[1]));
  const added = Object.entries(COMPOSE_SECRETS)
    .filter(([name]) => !present.has(name))
    .map(([name, make]) => `${name}=${make()}`);
  if (added.length) {
    const separator = existing && !existing.endsWith('\n') ? '\n' : '';
    writeFileSync(file, `${existing}${separator}${added.join('\n')}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return added.map((line) => line.split('=')[0]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.env');
  const added = writeComposeSecrets(file);
  console.log(added.length ? `${file}: added ${added.join(', ')}` : `${file}: every secret already there`);
}

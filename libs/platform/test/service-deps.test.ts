import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, runtimeEnvSchema, serviceDepsOf } from '../src';
import { createTestDeps, testKeys, testToken } from '../src/testing';

/** What a token-verifying service's main.ts hands its createService: what the process opened, plus tokens. */
const processDeps = (env: NodeJS.ProcessEnv) => {
  const { bus, store, clock, logger } = createTestDeps();
  return { config: loadConfig(runtimeEnvSchema, env), bus, store, clock, logger };
};

test('serviceDepsOf passes on what the process opened and verifies tokens with JWT_PUBLIC_KEY', async () => {
  const opened = processDeps({ JWT_PUBLIC_KEY: testKeys().publicKeyPem });
  const deps = serviceDepsOf(opened);
  expect(deps).toMatchObject({
    config: opened.config,
    bus: opened.bus,
    store: opened.store,
    clock: opened.clock,
  });
  const worker = await testToken('Worker');
  expect(await deps.tokens.verify(worker.token)).toMatchObject({ id: worker.id, role: 'Worker' });
  expect(await deps.tokens.verify('not-a-token')).toBeNull();
});

test('without JWT_PUBLIC_KEY, serviceDepsOf reads the public key auth published in KEYS_DIR', async () => {
  const keysDir = mkdtempSync(join(tmpdir(), 'moba-keys-'));
  writeFileSync(join(keysDir, 'jwt-public.pem'), testKeys().publicKeyPem);
  const deps = serviceDepsOf(processDeps({ KEYS_DIR: keysDir }));
  const admin = await testToken('Admin');
  expect(await deps.tokens.verify(admin.token)).toMatchObject({ id: admin.id, role: 'Admin' });
});

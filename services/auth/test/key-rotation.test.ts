import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acceptedInternalSecrets,
  createTokenVerifier,
  generateKeyPair,
  newInternalSecret,
  productionRefusals,
  SERVICE_TOKEN_HEADER,
  signServiceToken,
} from '@moba/platform';
import { createTestDeps, startForTest } from '@moba/platform/testing';
import { loadAuthConfig } from '../src/config';
import { createService } from '../src/service';
import { signingKeysOf } from '../src/signing-keys';

/**
 * docs/operations.md, "Rotate the JWT keys" and "Rotate the internal secret": every step of the
 * runbook, on one auth store, and nobody signed in before the switch is logged out by it.
 */
const ADMIN = { email: 'admin@rotation.test', password: 'rotation-admin-password' };

describe('rotating the signing keys and the internal secret without logging anyone out', () => {
  const keysDir = mkdtempSync(join(tmpdir(), 'moba-rotation-'));
  afterAll(() => rmSync(keysDir, { recursive: true, force: true }));
  const deps = createTestDeps();
  const oldPair = generateKeyPair();
  const newPair = generateKeyPair();

  /** Auth as its process would run with this environment (the same store across restarts). */
  async function startAuthWith(env: Record<string, string>) {
    const config = loadAuthConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://moba.test',
      PHOTOS_DIR: keysDir,
      KEYS_DIR: keysDir,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    });
    const { privateKeyPem, publicKeyPem } = signingKeysOf(config);
    const verifier = createTokenVerifier(publicKeyPem);
    const started = await startForTest(
      await createService({
        ...deps,
        tokens: verifier,
        config,
        privateKeyPem,
        internalSecret: acceptedInternalSecrets(config),
        print: () => undefined,
      }),
    );
    const login = async () => {
      const answer = await started.client.post('/login', ADMIN);
      expect(answer.status).toBe(200);
      return answer.body.token as string;
    };
    /** A call only a signed-in user may make. */
    const signedIn = async (token: string) =>
      (
        await started.client.post(
          '/users/me/language',
          { language: 'en' },
          { authorization: `Bearer ${token}` },
        )
      ).status;
    const tokenStates = async (secret: string) =>
      (
        await started.client.get('/internal/token-states', {
          [SERVICE_TOKEN_HEADER]: signServiceToken(secret, 'gateway'),
        })
      ).status;
    return { ...started, login, signedIn, tokenStates, verifier };
  }

  it('JWT: verifiers take the new key beside the old, auth switches, the old key goes after the longest session', async () => {
    // Before: one key.
    const before = await startAuthWith({ JWT_PRIVATE_KEY: oldPair.privateKeyPem });
    const oldSession = await before.login();
    await before.stop();

    // Step 1 and 2: JWT_PUBLIC_KEY holds new and old; auth signs with the new key.
    const both = `${newPair.publicKeyPem}${oldPair.publicKeyPem}`;
    const during = await startAuthWith({ JWT_PRIVATE_KEY: newPair.privateKeyPem, JWT_PUBLIC_KEY: both });
    expect(await during.signedIn(oldSession)).toBe(200);
    const newSession = await during.login();
    expect(await during.signedIn(newSession)).toBe(200);
    // A gateway or service still on the old key alone would refuse the new sessions: why step 1 comes first.
    expect(await createTokenVerifier(oldPair.publicKeyPem).verify(newSession)).toBeNull();
    expect(await createTokenVerifier(both).verify(newSession)).not.toBeNull();
    await during.stop();

    // Step 3: the old key leaves; sessions it signed end, the new ones go on.
    const after = await startAuthWith({
      JWT_PRIVATE_KEY: newPair.privateKeyPem,
      JWT_PUBLIC_KEY: newPair.publicKeyPem,
    });
    expect(await after.signedIn(newSession)).toBe(200);
    expect(await after.signedIn(oldSession)).toBe(401);
    await after.stop();
  });

  it('production refuses a rotation pair where the signing key is in neither public key, and a bad second key', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_PRIVATE_KEY: newPair.privateKeyPem,
    };
    expect(
      productionRefusals({ ...production, JWT_PUBLIC_KEY: `${newPair.publicKeyPem}${oldPair.publicKeyPem}` }),
    ).toEqual([]);
    expect(
      productionRefusals({ ...production, JWT_PUBLIC_KEY: `${oldPair.publicKeyPem}${newPair.publicKeyPem}` }),
    ).toEqual([]);
    expect(productionRefusals({ ...production, JWT_PUBLIC_KEY: oldPair.publicKeyPem })).toEqual([
      expect.stringMatching(/^JWT_PRIVATE_KEY: does not match JWT_PUBLIC_KEY/),
    ]);
    const rsaLike = '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----\n';
    expect(
      productionRefusals({ ...production, JWT_PUBLIC_KEY: `${newPair.publicKeyPem}${rsaLike}` }),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^JWT_PUBLIC_KEY: is not a SPKI PEM key/)]));
  });

  it('internal secret: auth accepts the new and the previous, the gateway switches, the previous goes', async () => {
    const oldSecret = newInternalSecret();
    const newSecret = newInternalSecret();
    const keys = { JWT_PRIVATE_KEY: newPair.privateKeyPem };

    const during = await startAuthWith({
      ...keys,
      INTERNAL_SECRET: newSecret,
      INTERNAL_SECRET_PREVIOUS: oldSecret,
    });
    expect(await during.tokenStates(oldSecret)).toBe(200); // a gateway not yet rolled
    expect(await during.tokenStates(newSecret)).toBe(200); // a gateway rolled
    expect(await during.tokenStates(newInternalSecret())).toBe(401);
    await during.stop();

    const after = await startAuthWith({ ...keys, INTERNAL_SECRET: newSecret });
    expect(await after.tokenStates(newSecret)).toBe(200);
    expect(await after.tokenStates(oldSecret)).toBe(401);
    await after.stop();
  });
});

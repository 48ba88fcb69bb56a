import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenSigner, createTokenVerifier, generateKeyPair } from '@moba/platform';
import { signingKeysOf } from '../src/signing-keys';

/** Issue #34 point 3: auth signs with a pair every process can verify, or refuses to start. */
const user = {
  id: '00000000-0000-4000-8000-000000000001',
  role: 'Worker' as const,
  fullName: 'Ana',
  tokenVersion: 0,
};
const signsVerifiably = async (pair: { privateKeyPem: string; publicKeyPem: string }) =>
  (
    await createTokenVerifier(pair.publicKeyPem).verify(
      await createTokenSigner(pair.privateKeyPem).sign(user, 60),
    )
  )?.id;

describe("auth's signing keys", () => {
  const keysDir = mkdtempSync(join(tmpdir(), 'moba-auth-keys-'));
  afterAll(() => rmSync(keysDir, { recursive: true, force: true }));
  const given = generateKeyPair();

  it('take JWT_PRIVATE_KEY with its public half derived when JWT_PUBLIC_KEY is not given', async () => {
    const pair = signingKeysOf({
      NODE_ENV: 'production',
      KEYS_DIR: keysDir,
      JWT_PRIVATE_KEY: given.privateKeyPem,
    });
    expect(pair.publicKeyPem).toBe(given.publicKeyPem);
    expect(await signsVerifiably(pair)).toBe(user.id);
  });

  it('refuse in production a JWT_PUBLIC_KEY without its private key, naming JWT_PRIVATE_KEY', () => {
    expect(() =>
      signingKeysOf({ NODE_ENV: 'production', KEYS_DIR: keysDir, JWT_PUBLIC_KEY: given.publicKeyPem }),
    ).toThrow(/JWT_PRIVATE_KEY: required with JWT_PUBLIC_KEY/);
  });

  it('otherwise make the pair in KEYS_DIR on first start and read it afterwards', async () => {
    const first = signingKeysOf({ NODE_ENV: 'development', KEYS_DIR: keysDir });
    expect(readFileSync(join(keysDir, 'jwt-public.pem'), 'utf8')).toBe(first.publicKeyPem);
    expect(signingKeysOf({ NODE_ENV: 'development', KEYS_DIR: keysDir })).toEqual(first);
    expect(await signsVerifiably(first)).toBe(user.id);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInternalSecret, signServiceToken, verifyServiceToken } from '../src/auth/service-tokens';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('service tokens', () => {
  test('a token names its caller while it is fresh, and nothing once it expired', () => {
    const now = Date.now();
    const token = signServiceToken(secret, 'gateway', now);
    expect(verifyServiceToken(secret, token, now)).toBe('gateway');
    expect(verifyServiceToken(secret, token, now + 59_000)).toBe('gateway');
    expect(verifyServiceToken(secret, token, now + 61_000)).toBeNull();
  });

  test('another secret, a changed caller or a garbled token is refused', () => {
    const token = signServiceToken(secret, 'gateway');
    expect(verifyServiceToken('another-secret-of-at-least-32-characters!!', token)).toBeNull();
    expect(verifyServiceToken(secret, token.replace('gateway', 'vacancy'))).toBeNull();
    expect(verifyServiceToken(secret, `${token}x`)).toBeNull();
    expect(verifyServiceToken(secret, undefined)).toBeNull();
  });

  test('the file secret is made once and read the same by every process', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'moba-keys-')), 'keys');
    const first = ensureInternalSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(ensureInternalSecret(dir)).toBe(first);
  });
});

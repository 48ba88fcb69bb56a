import { basicInfoStepSchema } from '@moba/contracts';
import { createAddressFailureLimiter, isLockedOut, recentFailures } from '../src/domain/login-failures';
import { hashLinkToken, hashPassword, newLinkToken, verifyPassword } from '../src/domain/secrets';
import { toAdminUserItem, toWorkerProfile, type UserDoc } from '../src/domain/user';

const WINDOW = 15 * 60_000;

describe('login failure rules', () => {
  test('only failures inside the window count, and the limit is reached at max', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    const failures = [at(20), at(14), at(10), at(5), at(1)];
    expect(recentFailures(failures, now, WINDOW)).toHaveLength(4);
    expect(isLockedOut(failures, now, WINDOW, 5)).toBe(false);
    expect(isLockedOut([...failures, at(0)], now, WINDOW, 5)).toBe(true);
  });

  test('the address limiter blocks one address at max and forgets old failures', () => {
    const limiter = createAddressFailureLimiter({ max: 2, windowMs: WINDOW, maxAddresses: 2 });
    const t0 = new Date('2026-05-01T12:00:00Z');
    limiter.record('a', t0);
    limiter.record('a', t0);
    expect(limiter.isBlocked('a', t0)).toBe(true);
    expect(limiter.isBlocked('b', t0)).toBe(false);
    expect(limiter.isBlocked('a', new Date(t0.getTime() + WINDOW + 1))).toBe(false);
    limiter.record('b', t0);
    limiter.record('c', t0);
    expect(limiter.isBlocked('a', t0)).toBe(false); // the oldest address was dropped past maxAddresses
  });
});

describe('secrets', () => {
  test('passwords are hashed with argon2id and verified; a broken hash is just "no"', async () => {
    const hash = await hashPassword('correct horse', { memoryCost: 1024, timeCost: 1 });
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword('garbage', 'correct horse')).toBe(false);
  });

  test('link tokens are random and only their SHA-256 is kept', () => {
    const a = newLinkToken();
    const b = newLinkToken();
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashLinkToken(a.token));
    expect(a.hash).not.toContain(a.token);
  });
});

describe('answers built from a user document', () => {
  const user: UserDoc = {
    _id: '6f1c2b9e-8d2a-4c1e-9b7a-1a2b3c4d5e6f',
    role: 'Worker',
    email: 'w@example.com',
    passwordHash: '$argon2id$secret',
    phone: '+381641234567',
    phoneCountry: 'RS',
    firstName: 'Ana',
    lastName: 'Anić',
    fullName: 'Ana Anić',
    dateOfBirth: '2000-01-01',
    gender: 'female',
    region: 'RS',
    language: 'sr',
    worker: {
      availabilityMonths: [6],
      skills: '',
      groupLeader: false,
      groupSize: 0,
      transportOrganised: false,
      willingToTravel: true,
    },
    emailVerified: true,
    tokenVersion: 3,
    banned: true,
    banReason: 'spam',
    dontShowGuidance: false,
    nameKey: 'ana anić',
    registeredAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    emailLink: { hash: 'h', expiresAt: 'x' },
    resetLink: { hash: 'r', expiresAt: 'x' },
    failedLogins: ['2026-01-01T00:00:00.000Z'],
  };

  test('profiles and admin items never carry the hash, link hashes or failures', () => {
    for (const answer of [toWorkerProfile(user), toAdminUserItem(user)]) {
      const text = JSON.stringify(answer);
      expect(text).not.toMatch(/argon2|passwordHash|emailLink|resetLink|failedLogins|tokenVersion/);
    }
    expect(toAdminUserItem(user)).toMatchObject({
      status: 'Banned',
      banReason: 'spam',
      userType: 'Worker',
      name: 'Ana Anić',
    });
  });
});

test('the basic-info step schema checks personal details with the account fields', () => {
  const result = basicInfoStepSchema.safeParse({
    email: 'a@b.rs',
    password: 'password1',
    confirmPassword: 'password1',
    termsAccepted: true,
    firstName: 'A',
    lastName: 'B',
    phone: '0641234567',
    phoneCountry: 'RS',
    dateOfBirth: '1990-01-01',
    gender: 'other',
    region: 'RS',
  });
  expect(result.success).toBe(true);
});

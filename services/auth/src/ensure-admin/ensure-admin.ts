import { insertIfNew } from '@moba/platform';
import { nowIso, type AuthContext } from '../context';
import type { UserDoc } from '../domain/user';
import { generatePassword, hashPassword } from '../domain/secrets';

/**
 * First start: when no admin exists, creates one from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password printed once. Admins are verified from the start.
 */
export async function ensureAdmin(
  ctx: AuthContext,
  print: (text: string) => void = console.log,
): Promise<{ created: boolean; email?: string }> {
  if ((await ctx.users.count({ role: 'Admin' })) > 0) return { created: false };
  const email = ctx.config.ADMIN_EMAIL.toLowerCase();
  const generated = !ctx.config.ADMIN_PASSWORD;
  const password = ctx.config.ADMIN_PASSWORD ?? generatePassword();
  const now = nowIso(ctx);
  const admin: UserDoc = {
    _id: crypto.randomUUID(),
    role: 'Admin',
    email,
    passwordHash: await hashPassword(password, {
      memoryCost: ctx.config.ARGON2_MEMORY_KIB,
      timeCost: ctx.config.ARGON2_TIME_COST,
    }),
    firstName: 'Admin',
    lastName: '',
    fullName: 'Admin',
    language: 'sr',
    emailVerified: true,
    tokenVersion: 0,
    banned: false,
    dontShowGuidance: false,
    nameKey: 'admin',
    registeredAt: now,
    updatedAt: now,
    failedLogins: [],
  };
  // False: another instance created it at the same moment.
  if (!(await insertIfNew(ctx.users, admin))) return { created: false };
  if (generated) {
    const lines = [
      'Moba: first start, admin account created',
      `  e-mail:   ${email}`,
      `  password: ${password}`,
      '  This password is shown only once: note it now and change it after logging in.',
    ];
    const width = Math.max(...lines.map((l) => l.length)) + 2;
    print(
      [
        '╔' + '═'.repeat(width) + '╗',
        ...lines.map((l) => `║ ${l.padEnd(width - 1)}║`),
        '╚' + '═'.repeat(width) + '╝',
      ].join('\n'),
    );
  }
  ctx.logger.info({ email }, 'admin account created');
  return { created: true, email };
}

import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
}

/** argon2id; the cost is stored in the hash, so verification works across cost changes. */
export const hashPassword = (password: string, cost: HashCost) =>
  argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryCost,
    timeCost: cost.timeCost,
    parallelism: 1,
  });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A random single-use link token (sent by mail) and the hash we keep. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A readable generated password for the first admin. */
export const generatePassword = () => randomBytes(12).toString('base64url');

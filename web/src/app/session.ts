import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Role } from '@moba/contracts';
import { getToken, subscribeSession } from '../lib/storage';
import { decodeToken, roleOf } from '../lib/token';

export interface Session {
  token: string | null;
  role: Role | null;
  userId: string | null;
  fullName: string | null;
}

/**
 * The signed-in user as the token says. The server snapshot is "nobody", so the pre-rendered
 * public pages hydrate as a visitor and then update for a signed-in reader.
 */
export function useSession(): Session {
  const token = useSyncExternalStore(subscribeSession, getToken, () => null);
  // Re-read when the token expires while the page is open: the user then has no role (spec §4).
  const [expiredTick, setExpiredTick] = useState(0);
  useEffect(() => {
    const exp = decodeToken(token)?.exp;
    if (typeof exp !== 'number') return;
    const ms = exp * 1000 - Date.now();
    if (ms <= 0 || ms > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setExpiredTick((n) => n + 1), ms + 50);
    return () => clearTimeout(timer);
  }, [token]);
  return useMemo(() => {
    const role = roleOf(token);
    const claims = role ? decodeToken(token) : null;
    return {
      token: role ? token : null,
      role,
      userId: claims?.sub ?? null,
      fullName: claims?.fullName ?? null,
    };
  }, [token, expiredTick]);
}

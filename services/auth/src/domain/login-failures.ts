/** Per-account failure limit: pure arithmetic over the stored failure times. */
export function recentFailures(failures: string[], now: Date, windowMs: number): string[] {
  const since = now.getTime() - windowMs;
  return failures.filter((at) => Date.parse(at) > since);
}

export const isLockedOut = (failures: string[], now: Date, windowMs: number, max: number) =>
  recentFailures(failures, now, windowMs).length >= max;

/**
 * Failed logins per client address, in memory (per instance; the gateway's login limiter is the
 * cluster-wide guard). Bounded: the oldest addresses are dropped past `maxAddresses`.
 */
export function createAddressFailureLimiter({
  max,
  windowMs,
  maxAddresses = 10_000,
}: {
  max: number;
  windowMs: number;
  maxAddresses?: number;
}) {
  const failures = new Map<string, number[]>();
  const recent = (address: string, now: number) =>
    (failures.get(address) ?? []).filter((t) => t > now - windowMs);
  return {
    isBlocked(address: string, now: Date) {
      return recent(address, now.getTime()).length >= max;
    },
    record(address: string, now: Date) {
      const kept = recent(address, now.getTime());
      failures.delete(address);
      failures.set(address, [...kept, now.getTime()]);
      if (failures.size > maxAddresses) failures.delete(failures.keys().next().value!);
    },
  };
}
export type AddressFailureLimiter = ReturnType<typeof createAddressFailureLimiter>;

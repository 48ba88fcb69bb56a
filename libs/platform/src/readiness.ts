/** One condition of readiness: its state, and why it is not ready. */
export interface CheckResult {
  ok: boolean;
  detail?: string;
}

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: Record<string, CheckResult>;
}

/**
 * What a process needs before it takes traffic, asked by /readyz. Parts of the process report into it
 * (a consumer that joined its group or crashed, the gateway's token states once loaded) or register a
 * probe run on each /readyz (the store answers). Draining (SIGTERM) makes it not ready for good.
 */
export interface Readiness {
  /** Pushes a named state: not ready until every reported state is ok again. */
  report(name: string, ok: boolean, detail?: string): void;
  /** A probe run on each evaluation (keep it fast: it is given probeTimeoutMs). */
  probe(name: string, check: () => Promise<void>): void;
  drain(): void;
  readonly draining: boolean;
  evaluate(): Promise<ReadinessReport>;
  /** Forgets every state and probe (tests). */
  reset(): void;
}

export function createReadiness(probeTimeoutMs = 1000): Readiness {
  const states = new Map<string, CheckResult>();
  const probes = new Map<string, () => Promise<void>>();
  let draining = false;

  const runProbe = async (check: () => Promise<void>): Promise<CheckResult> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${probeTimeoutMs} ms`)),
            probeTimeoutMs,
          );
        }),
      ]);
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    report(name, ok, detail) {
      states.set(name, ok ? { ok } : { ok, detail });
    },
    probe(name, check) {
      probes.set(name, check);
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async evaluate() {
      const probed = await Promise.all(
        [...probes].map(async ([name, check]) => [name, await runProbe(check)] as const),
      );
      const checks = Object.fromEntries([...states, ...probed]);
      const ready = !draining && Object.values(checks).every((c) => c.ok);
      return { ready, draining, checks };
    },
    reset() {
      states.clear();
      probes.clear();
      draining = false;
    },
  };
}

/**
 * The readiness of this process. One per process: in the embedded mode the services share it, as they
 * share the process; every /readyz (createHttpApp, the gateway) consults it.
 */
export const processReadiness: Readiness = createReadiness();

/** The readiness state a bus consumer reports under. */
export const consumerReadinessName = (group: string, topic: string) => `consumer ${group} ${topic}`;

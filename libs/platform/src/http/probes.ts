/**
 * The paths every process answers for its orchestrator (k8s probes, compose healthchecks). The
 * deployment check (test/deploy) reads them from here, so a manifest cannot probe a path no process serves.
 */
export const PROBE_PATHS = {
  /** Alive while the process answers: a failure restarts it. */
  liveness: '/healthz',
  /** Ready to take traffic: what the process needs is up; false while starting and while draining. */
  readiness: '/readyz',
} as const;

/** Prometheus exposition (on METRICS_PORT when set, else on the main port). */
export const METRICS_PATH = '/metrics';

/** What the orchestrator and Prometheus ask every few seconds: kept out of access logs and latencies. */
export const OPERATOR_PATHS: ReadonlySet<string> = new Set([
  PROBE_PATHS.liveness,
  PROBE_PATHS.readiness,
  METRICS_PATH,
]);

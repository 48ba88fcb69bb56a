import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** What went wrong, when anything did: e.g. "502 ×3, timeouts ×1". */
  failures: string;
}

/** Drives one URL with autocannon for a fixed time; bounded, loopback only. */
export async function load(
  url: string,
  {
    connections = 64,
    seconds = 8,
    requests,
  }: { connections?: number; seconds?: number; requests?: autocannon.Request[] } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, requests, pipelining: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    failures: failuresOf(result),
  };
}

function failuresOf(result: autocannon.Result): string {
  const byStatus = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code} ×${count}`);
  const socketErrors = result.errors - result.timeouts;
  if (socketErrors > 0) byStatus.push(`connection errors ×${socketErrors}`);
  if (result.timeouts > 0) byStatus.push(`timeouts ×${result.timeouts}`);
  return byStatus.join(', ');
}

export const format = (name: string, r: LoadResult) =>
  `${name.padEnd(28)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}${r.failures ? ` (${r.failures})` : ''}`;

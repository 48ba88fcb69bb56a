import type { ServiceName } from './route-table';

async function probe(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Asks every instance of every service for /healthz; the product is up when all answer. */
export async function checkHealth(urls: Record<ServiceName, string[]>) {
  const entries = await Promise.all(
    (Object.entries(urls) as [ServiceName, string[]][]).map(async ([service, targets]) => {
      const results = await Promise.all(targets.map(probe));
      return [
        service,
        {
          status: results.every(Boolean) ? 'up' : 'down',
          instances: results.length,
          up: results.filter(Boolean).length,
        },
      ] as const;
    }),
  );
  const services = Object.fromEntries(entries);
  const up = entries.every(([, s]) => s.status === 'up');
  return { up, body: { status: up ? 'up' : 'degraded', services } };
}

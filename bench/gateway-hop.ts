/**
 * bench/gateway-hop: a trivial service endpoint (~7.5 KB JSON) reached directly, through the gateway
 * and through a bare node:http proxy, each server in its own process. The three are measured in
 * alternating rounds and each ratio is taken against the direct figure of its own round, so a drift
 * in the machine's speed during the run does not fall on one side; the median round is reported.
 * Goal: gateway / direct ≥ 0.75.
 */
import { format, load, type LoadResult } from './src/load';
import { spawnServer } from './src/spawn-server';

const seconds = Number(process.env.SECONDS ?? 4);
const rounds = Number(process.env.ROUNDS ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 64);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const service = await spawnServer('trivial-service.ts');
  const gateway = await spawnServer('gateway-for.ts', { TARGET: service.url });
  const bare = await spawnServer('bare-proxy.ts', { TARGET: service.url });
  const targets = {
    direct: `${service.url}/trivial`,
    gateway: `${gateway.url}/api/trivial`,
    bare: `${bare.url}/api/trivial`,
  };
  try {
    console.log(
      `${connections} connections; ${rounds} rounds of ${seconds} s per target; service and proxies in their own processes`,
    );
    for (const url of Object.values(targets)) await load(url, { connections, seconds: 2 }); // warm-up
    const results: Record<keyof typeof targets, LoadResult>[] = [];
    for (let round = 1; round <= rounds; round++) {
      const direct = await load(targets.direct, { connections, seconds });
      const hop = await load(targets.gateway, { connections, seconds });
      const reference = await load(targets.bare, { connections, seconds });
      results.push({ direct, gateway: hop, bare: reference });
      console.log(
        `round ${round}: direct ${direct.requestsPerSecond.toFixed(0)} req/s, gateway ${(hop.requestsPerSecond / direct.requestsPerSecond).toFixed(2)}, bare proxy ${(reference.requestsPerSecond / direct.requestsPerSecond).toFixed(2)}`,
      );
    }
    const ratio = (name: 'gateway' | 'bare') =>
      median(results.map((r) => r[name].requestsPerSecond / r.direct.requestsPerSecond));
    const p99Ratio = median(results.map((r) => r.gateway.p99 / Math.max(1, r.direct.p99)));
    const typical = results[results.length - 1];
    console.log(format('direct (last round)', typical.direct));
    console.log(format('through the gateway', typical.gateway));
    console.log(format('bare node:http proxy', typical.bare));
    const errors = results.reduce((n, r) => n + r.gateway.errors + r.gateway.non2xx, 0);
    console.log(
      `median ratio gateway/direct ${ratio('gateway').toFixed(2)} (goal ≥ 0.75)   bare proxy/direct ${ratio('bare').toFixed(2)}   p99 gateway/direct ${p99Ratio.toFixed(2)}   gateway errors ${errors}`,
    );
  } finally {
    bare.child.kill();
    gateway.child.kill();
    service.child.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

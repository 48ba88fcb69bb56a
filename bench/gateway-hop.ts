/**
 * bench/gateway-hop: a trivial service endpoint (~7.5 KB JSON) reached directly and through the
 * gateway, in the same run, each server in its own process. Prints throughput, p99 and the ratio
 * gateway / direct (goal ≥ 0.75).
 */
import { format, load } from './src/load';
import { spawnServer } from './src/spawn-server';

const seconds = Number(process.env.SECONDS ?? 8);
const connections = Number(process.env.CONNECTIONS ?? 64);

async function main() {
  const service = await spawnServer('trivial-service.ts');
  const gateway = await spawnServer('gateway-for.ts', { TARGET: service.url });
  const bare = await spawnServer('bare-proxy.ts', { TARGET: service.url });
  try {
    console.log(`${connections} connections, ${seconds} s each; service and gateway in their own processes`);
    await load(`${service.url}/trivial`, { connections, seconds: 2 }); // warm-up
    await load(`${gateway.url}/api/trivial`, { connections, seconds: 2 });
    await load(`${bare.url}/api/trivial`, { connections, seconds: 2 });
    const direct = await load(`${service.url}/trivial`, { connections, seconds });
    const hop = await load(`${gateway.url}/api/trivial`, { connections, seconds });
    const reference = await load(`${bare.url}/api/trivial`, { connections, seconds });
    console.log(format('direct', direct));
    console.log(format('through the gateway', hop));
    console.log(format('bare node:http proxy', reference));
    const ratio = (r: typeof direct) => (r.requestsPerSecond / direct.requestsPerSecond).toFixed(2);
    console.log(
      `ratio gateway/direct ${ratio(hop)} (goal ≥ 0.75)   bare proxy/direct ${ratio(reference)}   p99 gateway/direct ${(hop.p99 / Math.max(1, direct.p99)).toFixed(2)}`,
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

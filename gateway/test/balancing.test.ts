import http from 'node:http';
import { createHttpApp, createLogger, createReadiness, listen } from '@moba/platform';
import { startEndpointBalancer } from '@moba/platform/testing';
import { recycled } from '../src/proxy';

const logger = createLogger('test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pod: answers which one it is. */
const startPod = (name: string) =>
  listen(
    createHttpApp({
      name,
      logger,
      readiness: createReadiness(),
      routes: (app) => app.get('/who', (_req, res) => void res.json({ pod: name })),
    }),
    0,
  );

/** Sequential keep-alive requests from one agent, as the gateway's proxy sends them. */
async function podsReached(agent: http.Agent, url: string, requests: number, pauseMs: number) {
  const reached: string[] = [];
  for (let i = 0; i < requests; i++) {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(`${url}/who`, { agent }, (res) => {
          let data = '';
          res.on('data', (chunk) => (data += chunk));
          res.on('end', () => resolve(data));
        })
        .on('error', reject);
    });
    reached.push((JSON.parse(body) as { pod: string }).pod);
    await sleep(pauseMs);
  }
  return reached;
}

describe('the gateway behind a k8s Service', () => {
  it('keeps one connection on the first pod without recycling, and reaches a pod added later with it', async () => {
    const pods = [await startPod('pod-1')];
    const service = await startEndpointBalancer(() => pods);
    const pinned = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const recycling = recycled(new http.Agent({ keepAlive: true, maxSockets: 1 }), 100);
    try {
      // Both agents hold a connection to pod-1 before the autoscaler adds pod-2.
      await podsReached(pinned, service.url, 1, 0);
      await podsReached(recycling, service.url, 1, 0);
      pods.push(await startPod('pod-2'));
      await sleep(100); // pod-2 becomes a ready endpoint

      expect(new Set(await podsReached(pinned, service.url, 20, 20))).toEqual(new Set(['pod-1']));
      expect(new Set(await podsReached(recycling, service.url, 20, 20))).toEqual(new Set(['pod-1', 'pod-2']));
    } finally {
      pinned.destroy();
      recycling.destroy();
      await service.close();
      for (const pod of pods) await pod.close();
    }
  });
});

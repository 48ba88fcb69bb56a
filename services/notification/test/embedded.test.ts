import { randomUUID } from 'node:crypto';
import { topics } from '@moba/contracts';
import { startForTest, testToken } from '@moba/platform/testing';
import { embeddedTestContext } from '../../../libs/platform/test/fixtures/embedded-context';
import { createEmbedded } from '../src/embedded';
import { ApplicationRejected } from '../src/messaging/consumed-events';
import { openSocket, socketsReady } from './helpers';

test('the embedded runtime allows the gateway’s public origin, pushes through the shared hub and serves the dev mailbox', async () => {
  const deps = embeddedTestContext({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  const service = await createEmbedded(deps);
  const { client, stop } = await startForTest(service);
  try {
    const me = await testToken('Worker');
    const url = `${client.url.replace('http', 'ws')}/ws/${me.id}`;
    const socket = await openSocket(url, { token: me.token }, { origin: 'http://localhost:8080' });
    await socketsReady(service, me.id, 1);
    await expect(openSocket(url, null, { origin: 'http://localhost:9999' })).rejects.toThrow('403');

    await deps.bus.publish(
      topics.application,
      ApplicationRejected.create(randomUUID(), {
        applicationId: randomUUID(),
        vacancyId: randomUUID(),
        workerId: me.id,
      }),
    );
    for (let i = 0; i < 100 && socket.received.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(socket.received).toHaveLength(1);
    expect((await client.get('/dev/mailbox.json')).status).toBe(200);
    socket.close();
  } finally {
    await stop();
  }
});

import { eventually } from '@moba/platform/testing';
import { startProduct, workerSignup } from './support/product';

describe('metrics an operator watches', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.stop());

  const scrape = async (service: 'auth' | 'notification') =>
    (await fetch(`${product.serviceUrls[service][0]}/metrics`)).text();

  it('shows gateway latency per route, outbox backlog, consumer lag and open sockets', async () => {
    expect((await product.client.post('/api/signup-worker', workerSignup())).status).toBeLessThan(300);

    const gateway = await product.gatewayMetrics.text();
    expect(gateway).toMatch(
      /^moba_gateway_request_duration_seconds_count\{service="gateway",method="POST",route="\/signup-worker",status="2xx"\} 1$/m,
    );

    const metrics = await eventually(async () => {
      const text = await scrape('auth');
      return /moba_consumer_lag_seconds\{topic="auth.v1",group="notification"\}/.test(text) && text;
    }, 'the notification consumer lag');
    expect(metrics).toMatch(/^moba_outbox_backlog\{collection="users"\} 0$/m);
    expect(metrics).toMatch(/^moba_notification_open_sockets 0$/m);
    expect(metrics).toMatch(/^# TYPE moba_dead_letters_total counter$/m);
    expect(metrics).toMatch(/^# TYPE moba_payment_outcomes_total counter$/m);
  });

  it('times each service route under its pattern and counts the mails sent', async () => {
    expect((await product.client.post('/api/signup-worker', workerSignup())).status).toBeLessThan(300);
    const auth = await scrape('auth');
    expect(auth).toMatch(
      /^moba_http_request_duration_seconds_count\{service="auth",method="POST",route="\/signup-worker",status="2xx"\} \d+$/m,
    );
    // The sign-up's confirmation mail, sent by the notification consumer of auth's mail command.
    await eventually(
      async () => /^moba_mail_sends_total\{outcome="sent"\} [1-9]\d*$/m.test(await scrape('notification')),
      'the confirmation mail counted as sent',
    );
  });
});

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
});

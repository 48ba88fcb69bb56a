import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { eventually } from '@moba/platform/testing';
import { startTracing, type Tracing } from '@moba/platform';
import { startProduct, workerSignup } from './support/product';

const componentOf = (span: ReadableSpan) => String(span.attributes['moba.component']);

describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let product: Awaited<ReturnType<typeof startProduct>>;
  beforeAll(async () => {
    tracing = startTracing('moba', { exporter });
    product = await startProduct();
  });
  afterAll(async () => {
    await product.stop();
    await tracing.shutdown();
  });

  it('follows a sign-up in one trace: the gateway, the auth service, and the notification consumer of its mail command', async () => {
    const signup = await product.client.post('/api/signup-worker', workerSignup());
    expect(signup.status).toBeLessThan(300);

    const gatewaySpan = exporter
      .getFinishedSpans()
      .find((s) => componentOf(s) === 'gateway' && s.name === 'POST /api/signup-worker');
    expect(gatewaySpan).toBeDefined();
    const traceId = gatewaySpan!.spanContext().traceId;
    const inTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);

    // The mail consumer runs after the answer: wait for its span.
    const consumer = await eventually(
      async () =>
        inTrace().find(
          (s) =>
            s.name === 'consume notification.mail.v1 SendVerificationMail' &&
            s.attributes['messaging.consumer.group.name'] === 'notification',
        ),
      'the notification consumer span',
    );
    const authSpan = inTrace().find((s) => componentOf(s) === 'auth' && s.name === 'POST /signup-worker');
    expect(authSpan).toBeDefined();
    // Parent links: gateway → auth (over HTTP) → the consumer (through the outbox and the bus).
    expect(authSpan!.parentSpanContext?.spanId).toBe(gatewaySpan!.spanContext().spanId);
    expect(consumer.parentSpanContext?.spanId).toBe(authSpan!.spanContext().spanId);
    expect([...new Set(inTrace().map(componentOf))].sort()).toEqual(
      expect.arrayContaining(['auth', 'gateway', 'moba']),
    );
  });

  it('names the trace in an error answer', async () => {
    const refused = await product.client.post('/api/login', { email: 'not an email' });
    expect(refused.status).toBe(400);
    const traceId = (refused.body as { error: { traceId?: string } }).error.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(exporter.getFinishedSpans().some((s) => s.spanContext().traceId === traceId)).toBe(true);
  });
});

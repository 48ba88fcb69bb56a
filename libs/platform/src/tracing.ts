import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { EventEnvelope } from '@moba/contracts';

/**
 * OpenTelemetry tracing: one trace from a request at the gateway through the service, the outbox and
 * the bus to every consumer (the W3C traceparent travels in HTTP headers and in the event envelope).
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then the SDK is never loaded and every helper
 * below runs its work directly, at no cost.
 */
let enabled = false;

export const tracingEnabled = () => enabled;

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Starts tracing for this process: spans go to `${endpoint}/v1/traces` (OTLP over HTTP), or to the
 * given exporter (tests). Neither: off.
 */
export function startTracing(
  serviceName: string,
  options: { endpoint?: string; exporter?: SpanExporter },
): Tracing {
  if (!options.endpoint && !options.exporter) return { shutdown: async () => undefined };
  // Loaded only when tracing is on.
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const exporter =
    options.exporter ??
    new (
      require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http')
    ).OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  provider.register();
  enabled = true;
  return {
    async shutdown() {
      enabled = false;
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

const tracer = () => trace.getTracer('moba');

/** The trace id of the work in progress, for log lines and error answers; undefined when off. */
export function currentTraceId(): string | undefined {
  if (!enabled) return undefined;
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? span.traceId : undefined;
}

/** The W3C traceparent of the work in progress (stamped on events and proxied requests). */
export function currentTraceparent(): string | undefined {
  if (!enabled) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * Runs an HTTP request inside a server span, continuing the caller's trace (traceparent header).
 * The span is named after the route once known (`name()` at the end), so ids do not split names.
 */
export function traceHttpRequest(
  component: string,
  req: IncomingMessage,
  res: ServerResponse,
  name: () => string,
  work: () => void,
): void {
  if (!enabled) return work();
  const parent = propagation.extract(context.active(), req.headers);
  const span = tracer().startSpan(
    `${req.method} ${(req.url ?? '/').split('?')[0]}`,
    { kind: SpanKind.SERVER, attributes: { 'moba.component': component, 'http.request.method': req.method } },
    parent,
  );
  res.once('finish', () => {
    span.updateName(name());
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(trace.setSpan(parent, span), work);
}

/** Runs an event handler inside a consumer span whose parent is the span that wrote the event. */
export async function traceEventHandling(
  component: string,
  topic: string,
  group: string,
  event: EventEnvelope,
  work: () => Promise<void>,
): Promise<void> {
  if (!enabled) return work();
  const parent: Context = event.traceparent
    ? propagation.extract(context.active(), { traceparent: event.traceparent })
    : context.active();
  const span = tracer().startSpan(
    `consume ${topic} ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'moba.component': component,
        'messaging.destination.name': topic,
        'messaging.consumer.group.name': group,
        'moba.event.id': event.id,
      },
    },
    parent,
  );
  try {
    await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

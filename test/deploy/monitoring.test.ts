import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { createHttpApp, createLogger, listen } from '@moba/platform';
import { createGatewayMetrics } from '../../gateway/src/metrics';

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/**
 * Series the alerts may ask for that no Moba process exports: kube-state-metrics' pod readiness and
 * restarts, and Prometheus's own `up` of each scrape target.
 */
const SERIES_OF_THE_PLATFORM = new Set([
  'kube_pod_status_ready',
  'kube_pod_container_status_restarts_total',
  'up',
]);

/** Every series a service's /metrics and the gateway's expose (histograms add _bucket, _sum and _count). */
async function seriesTheCodeExposes() {
  const names = new Set<string>();
  const service = await listen(
    createHttpApp({ name: 'probe', logger: createLogger('probe', 'silent'), routes: () => {} }),
    0,
  );
  const text = (await (await fetch(`${service.url}/metrics`)).text()) + (await createGatewayMetrics().text());
  await service.close();
  for (const [, name, type] of text.matchAll(/^# TYPE (\w+) (\w+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
]);

/** The series a PromQL expression reads: names that are not functions, keywords, labels or durations. */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((m) => m[1])
    .filter((word) => !PROMQL_WORDS.has(word));
}

interface AlertRule {
  alert: string;
  expr: string;
  annotations: { summary: string; runbook_url?: string };
}

/** The anchors GitHub makes of a markdown file's headings (lower case, punctuation dropped, spaces to dashes). */
function headingAnchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

describe('infra/monitoring', () => {
  it('the dashboard and the alerts ask only for series the code exposes', async () => {
    const exposed = await seriesTheCodeExposes();
    const dashboard = JSON.parse(read('infra/monitoring/grafana-dashboard.json')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const alerts = parse(read('infra/monitoring/moba-alerts.yml')) as {
      groups: { rules: { expr: string }[] }[];
    };
    const expressions = [
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
      ...alerts.groups.flatMap((g) => g.rules.map((r) => r.expr)),
    ];
    const asked = new Set(expressions.flatMap(seriesIn));
    expect(asked.size).toBeGreaterThan(10);
    for (const name of asked)
      expect({ name, exposed: exposed.has(name) || SERIES_OF_THE_PLATFORM.has(name) }).toEqual({
        name,
        exposed: true,
      });
  });

  it('reads series names out of PromQL, so a misspelt metric is caught', () => {
    expect(
      seriesIn(
        'sum by (le, route) (rate(moba_x_bucket{status="5xx", route=~"a|b"}[5m])) / ignoring(le) up > 0.5',
      ).sort(),
    ).toEqual(['moba_x_bucket', 'up']);
  });

  it('gives every alert a runbook section of docs/operations.md that exists, and covers what the peak needs', () => {
    const alerts = (
      parse(read('infra/monitoring/moba-alerts.yml')) as { groups: { rules: AlertRule[] }[] }
    ).groups.flatMap((g) => g.rules);
    const anchors = headingAnchors(read('docs/operations.md'));
    for (const rule of alerts) {
      const [file, anchor] = (rule.annotations.runbook_url ?? '').split('#');
      expect({ alert: rule.alert, file, anchorExists: anchors.has(anchor) }).toEqual({
        alert: rule.alert,
        file: 'docs/operations.md',
        anchorExists: true,
      });
    }
    const watched = new Set(alerts.flatMap((rule) => seriesIn(rule.expr)));
    for (const needed of [
      'moba_gateway_request_duration_seconds_bucket',
      'moba_http_request_duration_seconds_count',
      'moba_consumer_lag_seconds',
      'moba_outbox_oldest_age_seconds',
      'moba_dead_letters_total',
      'moba_sms_send_attempts_total',
      'moba_mail_sends_total',
      'kube_pod_status_ready',
      'kube_pod_container_status_restarts_total',
    ])
      expect({ needed, watched: watched.has(needed) }).toEqual({ needed, watched: true });
  });

  it('scrapes the metrics port the NetworkPolicy opens, and serves the HPA its socket metric', () => {
    const prometheus = parse(read('infra/monitoring/prometheus.yml')) as {
      scrape_configs: { relabel_configs: { regex?: string; action?: string }[] }[];
    };
    expect(prometheus.scrape_configs[0].relabel_configs[0]).toMatchObject({
      regex: 'metrics',
      action: 'keep',
    });
    const [rule] = parse(read('infra/monitoring/prometheus-adapter-rules.yml')) as { name: { as: string } }[];
    const hpa = parseAllDocuments(read('k8s/hpa.yaml'))
      .map((d) => d.toJS())
      .find((d) => d.spec.scaleTargetRef.name === 'notification');
    expect(hpa.spec.metrics[0].pods.metric.name).toBe(rule.name.as);
  });
});

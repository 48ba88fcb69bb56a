import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { processMetrics } from '@moba/platform';
import { createGatewayMetrics } from '../../gateway/src/metrics';

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Every moba_* series the code exposes (histograms add _bucket, _sum and _count). */
async function seriesTheCodeExposes() {
  const names = new Set<string>();
  const gateway = createGatewayMetrics();
  const text = (await processMetrics.metrics()) + (await gateway.text());
  for (const [, name, type] of text.matchAll(/^# TYPE (moba_\w+) (\w+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
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
    const asked = new Set(expressions.flatMap((e) => e.match(/moba_\w+/g) ?? []));
    expect(asked.size).toBeGreaterThan(5);
    for (const name of asked) expect({ name, exposed: exposed.has(name) }).toEqual({ name, exposed: true });
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

import { join } from 'node:path';
import { checkLoaded, loadDeployment, repoSources } from './deploy-check';
import { generateMutations } from './mutations';

/**
 * Issue #34 point 4: the deployment check catches what stops production. Each generated mutation
 * breaks one thing in a copy of k8s/ and docker-compose.yml; the check must name it. The unbroken
 * files pass, so a check that finds problems everywhere would fail too.
 */
const ROOT = join(__dirname, '../..');
const original = loadDeployment(repoSources(ROOT));
const mutations = generateMutations(original);

describe('the deployment check against single breakages', () => {
  it('passes the unbroken files', () => {
    expect(checkLoaded(structuredClone(original), ROOT)).toEqual([]);
  });

  it('covers every kind of breakage the issue lists, and more', () => {
    const kinds = new Set(mutations.map((m) => m.kind));
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'k8s: INTERNAL_SECRET missing',
        'compose: INTERNAL_SECRET missing',
        'k8s: STORE_URL missing',
        'compose: STORE_URL missing',
        'k8s: JWT_PUBLIC_KEY missing',
        'k8s: METRICS_PORT not the metrics port',
        'k8s: Service targetPort not the app port',
        'k8s: NetworkPolicy on the wrong port',
        'k8s: default-deny Egress',
        'compose: SERVICE_URLS disagree',
        'compose: PORT disagrees',
        'compose: a service on its own network',
        'k8s: SERVICE_URLS disagree',
        'k8s: file store',
        'compose: file store',
      ]),
    );
    expect(kinds.size).toBeGreaterThanOrEqual(30);
  });

  it.each(mutations.map((m) => [m.name, m] as const))('fails on %s', (_name, mutation) => {
    const broken = structuredClone(original);
    mutation.apply(broken);
    const problems = checkLoaded(broken, ROOT);
    expect({
      named: problems.some((p) => mutation.expect.test(p)),
      expected: String(mutation.expect),
      problems,
    }).toEqual(expect.objectContaining({ named: true }));
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { productionRefusals } from '@moba/platform';
import { checkDeployment, entryPoints, imageEnvironment, loadDeployment, repoSources } from './deploy-check';

const ROOT = join(__dirname, '../..');
const brokenSources = {
  ...repoSources(ROOT),
  k8sDir: join(__dirname, 'fixtures/broken/k8s'),
  composeFile: join(__dirname, 'fixtures/broken/docker-compose.yml'),
};

describe('the deployment check', () => {
  it('finds nothing wrong with k8s/, docker-compose.yml and the image', () => {
    expect(checkDeployment(repoSources(ROOT))).toEqual([]);
  });

  it('reads the entry points and the image environment from infra/', () => {
    const entries = entryPoints(readFileSync(join(ROOT, 'infra/entrypoint.sh'), 'utf8'));
    expect([...entries.keys()].sort()).toEqual(
      ['application', 'auth', 'gateway', 'notification', 'payment', 'rating', 'vacancy'].sort(),
    );
    expect(imageEnvironment(readFileSync(join(ROOT, 'infra/Dockerfile'), 'utf8'))).toMatchObject({
      NODE_ENV: 'production',
      PORT: '3000',
    });
  });

  it('keeps the example Secret out of the applied set, and none of its placeholders would start a process', () => {
    const { k8s, externalSecrets } = loadDeployment(repoSources(ROOT));
    expect(k8s.filter((d) => d.doc?.kind === 'Secret')).toEqual([]);
    const example = parse(readFileSync(join(ROOT, 'k8s/examples/moba-secrets.example.yaml'), 'utf8'));
    expect(externalSecrets.map((s) => s.doc.metadata.name)).toEqual(['moba-secrets']);
    const values = Object.entries<string>(example.stringData);
    const refused = values
      .filter(([key, value]) => productionRefusals({ NODE_ENV: 'production', [key]: value }).length > 0)
      .map(([key]) => key);
    // Everything but the admin's address is a value the operator must supply.
    expect(refused).toEqual(values.map(([key]) => key).filter((key) => key !== 'ADMIN_EMAIL'));
  });

  it('compose asks for exactly the secrets scripts/compose-secrets.mjs writes, and the script writes them once', () => {
    const { composeSecrets } = loadDeployment(repoSources(ROOT));
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const asked = [...new Set([...compose.matchAll(/\$\{([A-Z_]+):\?/g)].map(([, name]) => name))];
    expect(asked.sort()).toEqual([...composeSecrets].sort());

    const dir = mkdtempSync(join(tmpdir(), 'moba-compose-env-'));
    try {
      const env = join(dir, '.env');
      writeFileSync(env, 'OTEL_EXPORTER_OTLP_ENDPOINT=http://jaeger:4318\nINTERNAL_SECRET=kept-as-it-was');
      const run = () =>
        execFileSync(process.execPath, [join(ROOT, 'scripts/compose-secrets.mjs'), env], {
          encoding: 'utf8',
        });
      expect(run()).toContain('added PAYMENT_SANDBOX_SECRET');
      const written = Object.fromEntries(
        readFileSync(env, 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split('=') as [string, string]),
      );
      expect(written.INTERNAL_SECRET).toBe('kept-as-it-was');
      expect(written.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://jaeger:4318');
      expect(
        productionRefusals({
          NODE_ENV: 'production',
          PAYMENT_SANDBOX_SECRET: written.PAYMENT_SANDBOX_SECRET,
        }),
      ).toEqual([]);
      expect(statSync(env).mode & 0o777).toBe(0o600);
      expect(run()).toContain('every secret already there');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('on a deliberately broken deployment', () => {
    const problems = checkDeployment(brokenSources);
    const expectProblem = (pattern: RegExp) =>
      expect({ pattern: String(pattern), found: problems.some((p) => pattern.test(p)) }).toEqual({
        pattern: String(pattern),
        found: true,
      });

    it('names every schema mistake of k8s and Compose', () => {
      expectProblem(/vacancy\.yaml Deployment worker: .*containerPort must be integer/);
      expectProblem(
        /docker-compose\.yml: \/services\/vacancy must NOT have additional properties \(restart_policy\)/,
      );
    });

    it('names variables the process does not read and values its config refuses', () => {
      expectProblem(/vacancy\/vacancy: sets SCHEDULER_INTERVALL_MS, which the vacancy config does not read/);
      expectProblem(/vacancy\/vacancy: PROMO_START: must be a date/);
      expectProblem(/docker-compose\.yml vacancy: PORT: /);
      expectProblem(
        /docker-compose\.yml gateway: EVENT_BUS_URL: memory:\/\/ carries events inside one process only/,
      );
    });

    it('names probes, ports and commands that do not match the code', () => {
      expectProblem(/vacancy\/vacancy: readinessProbe asks \/ready, which vacancy does not serve/);
      expectProblem(/vacancy\/vacancy: port http is 8080, the process listens on PORT=3000/);
      expectProblem(/worker\/worker: args \["worker"\] name no entry point/);
      expectProblem(/docker-compose\.yml vacancy: healthcheck asks \/health, which vacancy does not serve/);
      expectProblem(/vacancy\/vacancy: no preStop hook/);
      expectProblem(
        /vacancy\/vacancy: preStop 0 s \+ SHUTDOWN_GRACE_MS 20 s do not fit terminationGracePeriodSeconds 10/,
      );
    });

    it('names secrets outside Secrets, the signing key outside auth and unpinned images', () => {
      expectProblem(/ConfigMap moba-config: STORE_URL belongs in a Secret/);
      expectProblem(/vacancy\/vacancy: holds JWT_PRIVATE_KEY; only auth signs tokens/);
      expectProblem(
        /vacancy\/vacancy: JWT_PRIVATE_KEY refers to moba-secrets\/JWT_SIGNING_KEY, which does not exist/,
      );
      expectProblem(/docker-compose\.yml vacancy: mounts the private signing key/);
      expectProblem(/vacancy\/vacancy: image registry\.example\.rs\/moba:latest is not pinned/);
      expectProblem(/docker-compose\.yml mailpit: image axllent\/mailpit:latest is not pinned/);
    });

    it('names what scaling, WebSockets and the network need', () => {
      expectProblem(/k8s: no notification Deployment/);
      expectProblem(/the notification HPA does not scale on open sockets per pod/);
      expectProblem(/the notification HPA has no CPU fallback/);
      expectProblem(/proxy-read-timeout must be at least 3600 s/);
      expectProblem(/\/api\/ws\/ does not reach the gateway/);
      expectProblem(/k8s: no default-deny NetworkPolicy/);
      expectProblem(/docker-compose\.yml: runs 1 vacancy instance\(s\), not two/);
    });
  });
});

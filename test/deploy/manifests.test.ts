import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { COMPOSE_SERVICE_CONTAINERS } from './compose-containers';
const REPO_ROOT = join(__dirname, '../..');

/**
 * The rules we keep for the shape of the deployment (probes, limits, non-root, read-only root,
 * autoscaling, WebSocket ingress, healthy dependencies). Schemas and agreement with the code are
 * checked by deploy-check.test.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

const SERVICES = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'];
const API_VERSIONS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Service: 'v1',
  PersistentVolumeClaim: 'v1',
  Deployment: 'apps/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  Ingress: 'networking.k8s.io/v1',
  PodDisruptionBudget: 'policy/v1',
  NetworkPolicy: 'networking.k8s.io/v1',
};

const k8sDir = join(REPO_ROOT, 'k8s');
const k8sFiles = readdirSync(k8sDir).filter((f) => /\.ya?ml$/.test(f));
const k8sDocs: { file: string; doc: Doc }[] = k8sFiles.flatMap((file) =>
  parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors.map((e) => e.message).join('; ')}`);
    return { file, doc: d.toJS() as Doc };
  }),
);
// The Secret is created by the operator (never applied from k8s/); its example lists the keys.
const exampleSecret = parse(readFileSync(join(k8sDir, 'examples/moba-secrets.example.yaml'), 'utf8')) as Doc;
const ofKind = (kind: string) => k8sDocs.filter((d) => d.doc?.kind === kind).map((d) => d.doc);
const byName = (kind: string, name: string) => ofKind(kind).find((d) => d.metadata.name === name);

describe('k8s manifests', () => {
  it('parse, and every document has a known kind, its apiVersion, a name and the moba namespace', () => {
    expect(k8sDocs.length).toBeGreaterThan(10);
    for (const { file, doc } of k8sDocs) {
      expect({ file, kind: doc.kind, apiVersion: doc.apiVersion }).toEqual({
        file,
        kind: doc.kind,
        apiVersion: API_VERSIONS[doc.kind],
      });
      expect(typeof doc.metadata?.name).toBe('string');
      if (doc.kind !== 'Namespace')
        expect({ file, namespace: doc.metadata.namespace }).toEqual({ file, namespace: 'moba' });
    }
    // kubectl applies a folder in name order: the namespace comes first.
    expect([...k8sFiles].sort()[0]).toBe('00-namespace.yaml');
    expect(byName('Namespace', 'moba')).toBeDefined();
  });

  it('has a Deployment and a Service for the gateway and each of the six services', () => {
    for (const name of ['gateway', ...SERVICES]) {
      const deployment = byName('Deployment', name);
      const service = byName('Service', name);
      expect({ name, deployment: !!deployment, service: !!service }).toEqual({
        name,
        deployment: true,
        service: true,
      });
      const labels = deployment.spec.template.metadata.labels;
      for (const [k, v] of Object.entries(deployment.spec.selector.matchLabels)) expect(labels[k]).toBe(v);
      for (const [k, v] of Object.entries(service.spec.selector)) expect(labels[k]).toBe(v);
      const portNames = deployment.spec.template.spec.containers.flatMap((c: Doc) =>
        c.ports.map((p: Doc) => p.name),
      );
      for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort);
    }
  });

  it('gives every container an image, requests and limits, probes, a non-root user and a read-only root filesystem', () => {
    for (const deployment of ofKind('Deployment')) {
      const pod = deployment.spec.template.spec;
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      const volumes = new Set((pod.volumes ?? []).map((v: Doc) => v.name));
      for (const container of pod.containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        expect({ where, image: typeof container.image }).toEqual({ where, image: 'string' });
        for (const kind of ['requests', 'limits'])
          for (const r of ['cpu', 'memory'])
            expect({ where, [`${kind}.${r}`]: !!container.resources?.[kind]?.[r] }).toEqual({
              where,
              [`${kind}.${r}`]: true,
            });
        expect(container.securityContext).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.livenessProbe).toBeDefined();
        expect(container.readinessProbe).toBeDefined();
        for (const mount of container.volumeMounts ?? [])
          expect({ where, mount: mount.name, declared: volumes.has(mount.name) }).toEqual({
            where,
            mount: mount.name,
            declared: true,
          });
        // /tmp must be writable (the root filesystem is read-only).
        expect((container.volumeMounts ?? []).map((m: Doc) => m.mountPath)).toContain('/tmp');
      }
    }
  });

  it('probes the services on /readyz (readiness) and /healthz (liveness)', () => {
    for (const name of SERVICES) {
      const [container] = byName('Deployment', name).spec.template.spec.containers;
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      expect(container.args).toEqual([name]);
    }
  });

  it('refers only to ConfigMaps, Secrets, keys and claims that exist', () => {
    const configMaps = new Map(ofKind('ConfigMap').map((c) => [c.metadata.name, c.data ?? {}]));
    const secrets = new Map(
      [...ofKind('Secret'), exampleSecret].map((s) => [
        s.metadata.name,
        { ...(s.stringData ?? {}), ...(s.data ?? {}) },
      ]),
    );
    const claims = new Set(ofKind('PersistentVolumeClaim').map((c) => c.metadata.name));
    for (const deployment of ofKind('Deployment')) {
      const pod = deployment.spec.template.spec;
      for (const volume of pod.volumes ?? [])
        if (volume.persistentVolumeClaim)
          expect(claims.has(volume.persistentVolumeClaim.claimName)).toBe(true);
      for (const container of pod.containers) {
        for (const from of container.envFrom ?? [])
          if (from.configMapRef) expect(configMaps.has(from.configMapRef.name)).toBe(true);
        for (const env of container.env ?? []) {
          const ref = env.valueFrom?.secretKeyRef;
          if (ref)
            expect({ env: env.name, found: ref.key in (secrets.get(ref.name) ?? {}) }).toEqual({
              env: env.name,
              found: true,
            });
        }
      }
    }
    // Only auth holds the signing key.
    const holders = ofKind('Deployment').filter((d) =>
      d.spec.template.spec.containers.some((c: Doc) =>
        (c.env ?? []).some((e: Doc) => e.name === 'JWT_PRIVATE_KEY'),
      ),
    );
    expect(holders.map((d) => d.metadata.name)).toEqual(['auth']);
  });

  it('configures the adapters for Kafka, MongoDB and Redis, and a gateway URL for every service', () => {
    const config = byName('ConfigMap', 'moba-config').data;
    expect(config.EVENT_BUS_URL).toMatch(/^kafka:\/\//);
    expect(exampleSecret.stringData.STORE_URL).toMatch(/^mongodb:\/\//);
    expect(config.FANOUT_URL).toMatch(/^redis:\/\//);
    const urls = Object.fromEntries(
      String(byName('ConfigMap', 'moba-addresses').data.SERVICE_URLS)
        .split(';')
        .map((part) => part.split('=')),
    );
    expect(Object.keys(urls).sort()).toEqual([...SERVICES].sort());
    for (const [name, url] of Object.entries(urls)) {
      const { hostname, port } = new URL(String(url));
      const service = byName('Service', hostname);
      expect({ name, service: service?.metadata.name }).toEqual({ name, service: name });
      expect(service.spec.ports.map((p: Doc) => String(p.port))).toContain(port);
    }
  });

  it('autoscales the gateway and notification for the seasonal peak', () => {
    for (const name of ['gateway', 'notification']) {
      const hpa = ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name);
      expect(hpa).toBeDefined();
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      expect(hpa.spec.metrics.length).toBeGreaterThan(0);
    }
  });

  it('exposes the gateway through an Ingress that keeps WebSocket connections open', () => {
    const [ingress] = ofKind('Ingress');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe('gateway');
    expect(byName('Service', 'gateway').spec.ports.map((p: Doc) => p.name)).toContain(backend.port.name);
    expect(
      Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThanOrEqual(3600);
    expect(
      Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-send-timeout']),
    ).toBeGreaterThanOrEqual(3600);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Doc;
  const services = compose.services as Record<string, Doc>;

  it('runs Kafka in KRaft mode (no ZooKeeper), MongoDB and Redis, with healthchecks and volumes', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['kafka', 'mongo', 'redis']));
    expect(Object.keys(services).some((s) => /zookeeper/i.test(s))).toBe(false);
    expect(services.kafka.environment.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    for (const engine of ['kafka', 'mongo', 'redis']) {
      expect(services[engine].healthcheck.test).toBeDefined();
      expect(services[engine].volumes.length).toBeGreaterThan(0);
    }
  });

  it('runs each service from the one image with its command, two notification replicas, the gateway on 8080', () => {
    const apps = Object.entries(services).filter(([, s]) => s.image === 'moba:latest');
    const commands = apps.map(([, s]) => s.command[0]).sort();
    expect(commands).toEqual([
      'application',
      'application',
      'auth',
      'gateway',
      'notification',
      'notification',
      'payment',
      'rating',
      'vacancy',
      'vacancy',
    ]);
    for (const [, service] of apps) {
      expect(service.build).toEqual({ context: '.', dockerfile: 'infra/Dockerfile' });
      expect(service.environment.EVENT_BUS_URL).toMatch(/^kafka:\/\/kafka:9092/);
      // The gateway keeps no documents.
      if (service.command[0] !== 'gateway')
        expect(service.environment.STORE_URL).toMatch(/^mongodb:\/\/mongo:27017/);
      expect(service.environment.FANOUT_URL).toBe('redis://redis:6379');
      expect(service.healthcheck.test).toBeDefined();
    }
    expect(services.gateway.ports).toEqual(['8080:8080']);
  });

  it('starts every container only after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, condition] of Object.entries(
        (service.depends_on ?? {}) as Record<string, Doc>,
      )) {
        expect({ name, dependency, exists: dependency in services, condition: condition.condition }).toEqual({
          name,
          dependency,
          exists: true,
          condition: 'service_healthy',
        });
      }
    }
    for (const name of COMPOSE_SERVICE_CONTAINERS.filter((container) => container !== 'auth')) {
      expect(Object.keys(services[name].depends_on)).toEqual(
        expect.arrayContaining(['kafka', 'mongo', 'redis', 'auth']),
      );
    }
    expect(Object.keys(services.gateway.depends_on).sort()).toEqual(COMPOSE_SERVICE_CONTAINERS);
  });

  it('points the gateway at every service, both notification replicas included, and declares every named volume', () => {
    const urls = Object.fromEntries(
      String(services.gateway.environment.SERVICE_URLS)
        .split(';')
        .map((part) => part.split('=')),
    );
    expect(Object.keys(urls).sort()).toEqual([...SERVICES].sort());
    expect(urls.notification.split(',').map((u: string) => new URL(u).hostname)).toEqual([
      'notification-1',
      'notification-2',
    ]);
    for (const list of Object.values(urls))
      for (const url of String(list).split(',')) expect(services[new URL(url).hostname]).toBeDefined();
    for (const service of Object.values(services)) {
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0];
        if (!source.startsWith('.') && !source.startsWith('/'))
          expect(Object.keys(compose.volumes)).toContain(source);
      }
    }
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = readFileSync(join(REPO_ROOT, 'infra/Dockerfile'), 'utf8');
  const entrypoint = readFileSync(join(REPO_ROOT, 'infra/entrypoint.sh'), 'utf8');

  it('is multi-stage on Node 24, runs as a non-root user, and lets the command choose the service', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/app\/infra\/entrypoint.sh"\]$/m);
    expect(entrypoint).toMatch(/auth\|vacancy\|application\|rating\|payment\|notification\)/);
    expect(entrypoint).toMatch(/gateway\)/);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { PROBE_PATHS, runtimeEnvSchema } from '@moba/platform';
import { composeSchemaProblems, k8sSchemaProblems, type Doc } from './schemas';
import { configProblems, isProcessName, PROCESSES, variablesRead, type ProcessName } from './processes';

/**
 * The deployment check: what `kubectl apply --dry-run=server` and `docker compose config` would refuse
 * (schemas), and what only running it would show: every variable given to a process is one its config
 * reads and the whole environment parses (production refusals included), probes ask paths and ports
 * the process serves, commands name real entry points, secrets stay in Secrets, images are pinned,
 * only auth holds the signing key, only the gateway reaches the services, the ingress keeps
 * WebSockets open, notification scales on its own. Each problem is one line naming its file.
 */
export interface DeploySources {
  root: string;
  k8sDir: string;
  composeFile: string;
  dockerfile: string;
  entrypoint: string;
}

export const repoSources = (root: string): DeploySources => ({
  root,
  k8sDir: join(root, 'k8s'),
  composeFile: join(root, 'docker-compose.yml'),
  dockerfile: join(root, 'infra/Dockerfile'),
  entrypoint: join(root, 'infra/entrypoint.sh'),
});

interface K8sDoc {
  file: string;
  doc: Doc;
}

const SECRET_VARIABLES = [
  'STORE_URL',
  'MAIL_URL',
  'SMS_URL',
  'SMS_INBOUND_SECRET',
  'JWT_PRIVATE_KEY',
  'ADMIN_PASSWORD',
  'PAYMENT_SANDBOX_SECRET',
];
const hasCredentials = (value: string) => /:\/\/[^/@\s]+:[^/@\s]+@/.test(value);

/** The ENV lines of the Dockerfile's last stage: every container starts with them. */
export function imageEnvironment(dockerfile: string): Record<string, string> {
  const stages = dockerfile.replace(/\\\r?\n/g, ' ').split(/^FROM /m);
  const env: Record<string, string> = {};
  for (const line of stages[stages.length - 1].split('\n')) {
    const match = /^ENV\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    for (const pair of match[1].trim().split(/\s+/)) {
      const [key, ...value] = pair.split('=');
      env[key] = value.join('=');
    }
  }
  return env;
}

/** The entrypoint's commands: name → the script it runs (`$name` filled in). */
export function entryPoints(entrypoint: string): Map<string, string> {
  const points = new Map<string, string>();
  for (const [, names, body] of entrypoint.matchAll(/^\s*([a-z|]+)\)\s*\n([\s\S]*?);;/gm)) {
    const script = /exec node (?:--[\w-]+ )*"?([^"\s]+)"?/.exec(body)?.[1];
    if (!script) continue;
    for (const name of names.split('|')) points.set(name, script.replace('$name', name));
  }
  return points;
}

export function loadK8s(dir: string): { docs: K8sDoc[]; problems: string[] } {
  const docs: K8sDoc[] = [];
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))) {
    for (const document of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
      if (document.errors.length) problems.push(`k8s/${file}: ${document.errors[0].message}`);
      else if (document.contents !== null) docs.push({ file: `k8s/${file}`, doc: document.toJS() });
    }
  }
  return { docs, problems };
}

export function checkDeployment(sources: DeploySources): string[] {
  const image = imageEnvironment(readFileSync(sources.dockerfile, 'utf8'));
  const entries = entryPoints(readFileSync(sources.entrypoint, 'utf8'));
  return [
    ...checkK8s(sources, image, entries),
    ...checkCompose(sources, image, entries),
    ...checkEntryPoints(sources, entries),
  ];
}

function checkEntryPoints(sources: DeploySources, entries: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(PROCESSES)) {
    const script = entries.get(name);
    if (!script) problems.push(`infra/entrypoint.sh: no command for ${name}`);
  }
  const built = builtEntries(sources.root);
  for (const [name, script] of entries) {
    // dist/server/<name>.js is built in the image from the entry scripts/build-server.mjs names.
    const bundle = /^dist\/server\/([\w-]+)\.js$/.exec(script)?.[1];
    const source = bundle ? built.get(bundle) : script;
    if (!source) problems.push(`infra/entrypoint.sh: ${name} runs ${script}, which no build produces`);
    else if (!existsSync(join(sources.root, source)))
      problems.push(`infra/entrypoint.sh: ${name} runs ${source}, which does not exist`);
  }
  return problems;
}

/** The bundles scripts/build-server.mjs builds: name → entry source. */
export function builtEntries(root: string): Map<string, string> {
  const script = readFileSync(join(root, 'scripts/build-server.mjs'), 'utf8');
  const block = /PROCESSES = \{([\s\S]*?)\};/.exec(script)?.[1] ?? '';
  return new Map([...block.matchAll(/(\w+): '([^']+)'/g)].map(([, name, entry]) => [name, entry]));
}

/** Checks one process's environment: every variable is read, and the whole parses as at start. */
function environmentProblems(
  where: string,
  process: ProcessName,
  given: Map<string, string>,
  image: Record<string, string>,
): string[] {
  const read = variablesRead(PROCESSES[process].schema);
  const problems = [...given.keys()]
    .filter((name) => !read.has(name))
    .map((name) => `${where}: sets ${name}, which the ${process} config does not read`);
  const env = { ...image, ...Object.fromEntries(given) };
  for (const problem of configProblems(process, env)) problems.push(`${where}: ${problem}`);
  return problems;
}

function checkK8s(sources: DeploySources, image: Record<string, string>, entries: Map<string, string>) {
  const { docs, problems } = loadK8s(sources.k8sDir);
  for (const { file, doc } of docs)
    for (const problem of k8sSchemaProblems(doc))
      problems.push(`${file} ${doc?.kind} ${doc?.metadata?.name}: ${problem}`);

  const ofKind = (kind: string) => docs.filter((d) => d.doc?.kind === kind);
  const configMaps = new Map(ofKind('ConfigMap').map(({ doc }) => [doc.metadata.name, doc.data ?? {}]));
  const secrets = new Map(
    ofKind('Secret').map(({ doc }) => [
      doc.metadata.name,
      { ...(doc.data ?? {}), ...(doc.stringData ?? {}) },
    ]),
  );

  for (const { file, doc } of ofKind('ConfigMap'))
    for (const [key, value] of Object.entries<string>(doc.data ?? {}))
      if (SECRET_VARIABLES.includes(key) || hasCredentials(String(value)))
        problems.push(`${file} ConfigMap ${doc.metadata.name}: ${key} belongs in a Secret`);

  const deployments = ofKind('Deployment');
  for (const { file, doc } of deployments) {
    const pod = doc.spec?.template?.spec ?? {};
    const labels = doc.spec?.template?.metadata?.labels ?? {};
    for (const container of pod.containers ?? []) {
      const where = `${file} ${doc.metadata.name}/${container.name}`;
      const process = String(container.args?.[0] ?? container.command?.[0] ?? '');
      if (!isProcessName(process) || !entries.has(process)) {
        problems.push(`${where}: args ${JSON.stringify(container.args)} name no entry point`);
        continue;
      }
      if (!/:[\w.-]+$/.test(String(container.image)) || String(container.image).endsWith(':latest'))
        problems.push(`${where}: image ${container.image} is not pinned to a version`);

      const given = new Map<string, string>();
      for (const from of container.envFrom ?? []) {
        const source = from.configMapRef
          ? configMaps.get(from.configMapRef.name)
          : secrets.get(from.secretRef?.name);
        if (!source) problems.push(`${where}: envFrom names a missing ConfigMap or Secret`);
        for (const [key, value] of Object.entries(source ?? {})) given.set(key, String(value));
      }
      for (const env of container.env ?? []) {
        const ref = env.valueFrom?.configMapKeyRef ?? env.valueFrom?.secretKeyRef;
        const map = env.valueFrom?.configMapKeyRef ? configMaps.get(ref?.name) : secrets.get(ref?.name);
        if (ref && !(map && ref.key in map))
          problems.push(`${where}: ${env.name} refers to ${ref.name}/${ref.key}, which does not exist`);
        given.set(env.name, ref ? String(map?.[ref.key] ?? '') : String(env.value ?? ''));
      }
      problems.push(...environmentProblems(where, process, given, image));
      if (process !== 'auth' && given.has('JWT_PRIVATE_KEY'))
        problems.push(`${where}: holds JWT_PRIVATE_KEY; only auth signs tokens`);

      // Probes: a path the process serves, on a port the container declares and the process listens on.
      const listensOn = Number(given.get('PORT') ?? image.PORT);
      const ports = new Map<string, number>(
        (container.ports ?? []).map((p: Doc) => [String(p.name), Number(p.containerPort)]),
      );
      const httpPort = ports.get('http');
      if (httpPort !== listensOn)
        problems.push(`${where}: port http is ${httpPort}, the process listens on PORT=${listensOn}`);
      for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        const probe = container[kind];
        if (!probe) {
          if (kind !== 'startupProbe') problems.push(`${where}: no ${kind}`);
          continue;
        }
        const target = probe.httpGet ?? probe.tcpSocket;
        const port = typeof target?.port === 'number' ? target.port : ports.get(String(target?.port));
        if (port === undefined || ![...ports.values()].includes(port))
          problems.push(`${where}: ${kind} port ${target?.port} is not a container port`);
        if (probe.httpGet && !PROCESSES[process].probePaths.includes(probe.httpGet.path))
          problems.push(`${where}: ${kind} asks ${probe.httpGet.path}, which ${process} does not serve`);
      }
      if (container.readinessProbe?.httpGet?.path !== PROBE_PATHS.readiness)
        problems.push(`${where}: readinessProbe must ask /readyz`);
      if (!container.lifecycle?.preStop)
        problems.push(`${where}: no preStop hook (the endpoints must drop the pod before it stops)`);
      // SIGTERM comes after preStop; draining takes up to SHUTDOWN_GRACE_MS; all within the grace period.
      const drain = runtimeEnvSchema.shape.SHUTDOWN_GRACE_MS.safeParse(given.get('SHUTDOWN_GRACE_MS'));
      const drainSeconds = (drain.data ?? 0) / 1000;
      const preStopSeconds = Number(container.lifecycle?.preStop?.sleep?.seconds ?? 0);
      const graceSeconds = Number(pod.terminationGracePeriodSeconds ?? 30);
      if (preStopSeconds + drainSeconds >= graceSeconds)
        problems.push(
          `${where}: preStop ${preStopSeconds} s + SHUTDOWN_GRACE_MS ${drainSeconds} s do not fit terminationGracePeriodSeconds ${graceSeconds}`,
        );
    }
    if (labels['app.kubernetes.io/name'] !== doc.metadata.name)
      problems.push(`${file} ${doc.metadata.name}: pods are not labelled with their Deployment's name`);
  }

  problems.push(...notificationScalesApart(docs), ...ingressKeepsWebSockets(docs));
  problems.push(...onlyGatewayReachesServices(docs));
  return problems;
}

/** The notification Deployment is its own, with its own Service and an HPA on open sockets. */
function notificationScalesApart(docs: K8sDoc[]): string[] {
  const problems: string[] = [];
  const deployment = docs.find((d) => d.doc?.kind === 'Deployment' && d.doc.metadata.name === 'notification');
  if (!deployment) problems.push('k8s: no notification Deployment');
  else if (deployment.doc.spec.template.spec.containers.length !== 1)
    problems.push(`${deployment.file}: notification shares its pod with another container`);
  const hpa = docs.find(
    (d) =>
      d.doc?.kind === 'HorizontalPodAutoscaler' &&
      d.doc.spec?.scaleTargetRef?.kind === 'Deployment' &&
      d.doc.spec.scaleTargetRef.name === 'notification',
  );
  if (!hpa) problems.push('k8s: no HorizontalPodAutoscaler scales the notification Deployment');
  else {
    const metrics: Doc[] = hpa.doc.spec.metrics ?? [];
    if (!metrics.some((m) => m.type === 'Pods' && /socket/.test(m.pods?.metric?.name ?? '')))
      problems.push(`${hpa.file}: the notification HPA does not scale on open sockets per pod`);
    if (!metrics.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu'))
      problems.push(`${hpa.file}: the notification HPA has no CPU fallback`);
  }
  return problems;
}

function ingressKeepsWebSockets(docs: K8sDoc[]): string[] {
  const ingresses = docs.filter((d) => d.doc?.kind === 'Ingress');
  if (!ingresses.length) return ['k8s: no Ingress'];
  const problems: string[] = [];
  for (const { file, doc } of ingresses) {
    const annotations = doc.metadata.annotations ?? {};
    for (const name of ['proxy-read-timeout', 'proxy-send-timeout']) {
      const seconds = Number(annotations[`nginx.ingress.kubernetes.io/${name}`]);
      if (!(seconds >= 3600))
        problems.push(`${file}: ${name} must be at least 3600 s so idle WebSockets stay open`);
    }
    if (annotations['nginx.ingress.kubernetes.io/proxy-http-version'] !== '1.1')
      problems.push(`${file}: proxy-http-version must be 1.1 for the WebSocket upgrade`);
    const backends = (doc.spec?.rules ?? []).flatMap((r: Doc) =>
      (r.http?.paths ?? []).map((p: Doc) => ({ path: p.path, service: p.backend?.service?.name })),
    );
    if (!backends.some((b: Doc) => b.service === 'gateway' && '/api/ws/'.startsWith(b.path)))
      problems.push(`${file}: /api/ws/ does not reach the gateway`);
  }
  return problems;
}

/** A label selector (matchLabels and matchExpressions) matches these labels. */
const selects = (selector: Doc, labels: Record<string, string>) =>
  Object.entries<string>(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  ((selector?.matchExpressions ?? []) as Doc[]).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });

/**
 * NetworkPolicy: a default deny for the namespace; the services' http port only from gateway pods
 * (so only the gateway reaches /internal); metrics from the monitoring namespace on the metrics port.
 */
function onlyGatewayReachesServices(docs: K8sDoc[]): string[] {
  const policies = docs.filter((d) => d.doc?.kind === 'NetworkPolicy').map((d) => d.doc);
  if (!policies.some((p) => Object.keys(p.spec?.podSelector ?? {}).length === 0 && !p.spec?.ingress?.length))
    return ['k8s: no default-deny NetworkPolicy for the namespace'];
  const problems: string[] = [];
  for (const { file, doc } of docs.filter((d) => d.doc?.kind === 'Deployment')) {
    const name = doc.metadata.name;
    if (name === 'gateway') continue;
    const labels = doc.spec.template.metadata.labels ?? {};
    const rules = policies
      .filter((p) => selects(p.spec?.podSelector, labels))
      .flatMap((p) => (p.spec.ingress ?? []) as Doc[]);
    if (!rules.length) problems.push(`${file}: no NetworkPolicy lets the gateway reach ${name}`);
    for (const rule of rules) {
      const ports = (rule.ports ?? []).map((p: Doc) => String(p.port));
      for (const peer of (rule.from ?? [{}]) as Doc[]) {
        const fromGateway =
          !peer.namespaceSelector && peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'gateway';
        const monitoringOnMetrics =
          !!peer.namespaceSelector && ports.length > 0 && ports.every((p: string) => p === 'metrics');
        if (!fromGateway && !monitoringOnMetrics)
          problems.push(
            `${file}: a NetworkPolicy lets ${JSON.stringify(peer)} reach ${name} on ${ports.join(',') || 'every port'}`,
          );
      }
    }
  }
  return problems;
}

function checkCompose(sources: DeploySources, image: Record<string, string>, entries: Map<string, string>) {
  const file = relative(sources.root, sources.composeFile) || 'docker-compose.yml';
  const compose = parse(readFileSync(sources.composeFile, 'utf8'), { merge: true }) as Doc;
  const problems = composeSchemaProblems(compose).map((p) => `${file}: ${p}`);
  const services = (compose?.services ?? {}) as Record<string, Doc>;
  for (const [name, service] of Object.entries(services)) {
    const where = `${file} ${name}`;
    if (!service.build) {
      const tag = /:([\w.-]+)$/.exec(String(service.image))?.[1];
      if (!tag || tag === 'latest')
        problems.push(`${where}: image ${service.image} is not pinned to a version`);
    }
    if (service.build?.dockerfile !== 'infra/Dockerfile') continue;
    const process = String(service.command?.[0] ?? '');
    if (!isProcessName(process) || !entries.has(process)) {
      problems.push(`${where}: command ${JSON.stringify(service.command)} names no entry point`);
      continue;
    }
    const given = new Map(
      Object.entries<string | number | boolean>(service.environment ?? {}).map(([k, v]) => [
        k,
        String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1'),
      ]),
    );
    problems.push(...environmentProblems(where, process, given, image));
    const mounts = (service.volumes ?? []).map((v: unknown) => String(v));
    if (
      process !== 'auth' &&
      (given.has('JWT_PRIVATE_KEY') || mounts.some((m: string) => m.startsWith('keys:')))
    )
      problems.push(
        `${where}: mounts the private signing key; only auth may (the others get the public key)`,
      );
    const check = service.healthcheck?.test as string[] | undefined;
    const script = check?.[2];
    if (!check || check[1] !== 'node' || !script?.startsWith('/app/'))
      problems.push(`${where}: healthcheck must run node /app/infra/healthcheck.mjs <path>`);
    else {
      if (!existsSync(join(sources.root, script.slice('/app/'.length))))
        problems.push(`${where}: healthcheck runs ${script}, which does not exist`);
      if (!PROCESSES[process].probePaths.includes(check[3]))
        problems.push(`${where}: healthcheck asks ${check[3]}, which ${process} does not serve`);
    }
  }
  problems.push(...composeRunsTwoOfEachHotService(file, services));
  return problems;
}

/** Vacancy, application and notification run twice (as in the distributed mode), all behind the gateway. */
function composeRunsTwoOfEachHotService(file: string, services: Record<string, Doc>): string[] {
  const problems: string[] = [];
  const urls = String(services.gateway?.environment?.SERVICE_URLS ?? '');
  for (const process of ['vacancy', 'application', 'notification']) {
    const instances = Object.entries(services)
      .filter(([, s]) => s.command?.[0] === process)
      .map(([n]) => n);
    if (instances.length < 2)
      problems.push(`${file}: runs ${instances.length} ${process} instance(s), not two`);
    for (const instance of instances)
      if (!urls.includes(`http://${instance}:`))
        problems.push(`${file}: the gateway's SERVICE_URLS leaves out ${instance}`);
  }
  return problems;
}

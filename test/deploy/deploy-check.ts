import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import {
  generateKeyPair,
  hasPlaceholder,
  KEY_FILES,
  PROBE_PATHS,
  replacePlaceholders,
  runtimeEnvSchema,
} from '@moba/platform';
import { composeSchemaProblems, k8sSchemaProblems, type Doc } from './schemas';
import {
  configProblems,
  isProcessName,
  parsedConfig,
  PROCESSES,
  variablesRead,
  type ProcessName,
} from './processes';
import { composePathProblems, k8sPathProblems, selects, type ComposeProcess, type Workload } from './paths';

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
  /** The Secret the operator creates (never applied from k8s/): its keys; placeholders become stand-ins. */
  secretExample: string;
  composeFile: string;
  /** The script that writes compose's .env: the secrets docker-compose.yml may ask for with ${NAME:?…}. */
  composeSecrets: string;
  dockerfile: string;
  entrypoint: string;
}

export const repoSources = (root: string): DeploySources => ({
  root,
  k8sDir: join(root, 'k8s'),
  secretExample: join(root, 'k8s/examples/moba-secrets.example.yaml'),
  composeFile: join(root, 'docker-compose.yml'),
  composeSecrets: join(root, 'scripts/compose-secrets.mjs'),
  dockerfile: join(root, 'infra/Dockerfile'),
  entrypoint: join(root, 'infra/entrypoint.sh'),
});

export interface K8sDoc {
  file: string;
  doc: Doc;
}

/** Everything the check reads, parsed: the mutation test breaks copies of it one thing at a time. */
export interface Deployment {
  k8s: K8sDoc[];
  /** Files of k8s/ that did not parse. */
  loadProblems: string[];
  /** Secrets the operator creates outside the applied set (the example's keys). */
  externalSecrets: K8sDoc[];
  composeFile: string;
  compose: Doc;
  /** The names scripts/compose-secrets.mjs writes to .env. */
  composeSecrets: string[];
  image: Record<string, string>;
  entries: Map<string, string>;
}

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
    const path = join(dir, file);
    for (const document of parseAllDocuments(readFileSync(path, 'utf8'))) {
      if (document.errors.length) problems.push(`k8s/${file}: ${document.errors[0].message}`);
      else if (document.contents !== null) docs.push({ file: `k8s/${file}`, doc: document.toJS() });
    }
  }
  return { docs, problems };
}

/** The names a secrets script writes: the keys of its exported COMPOSE_SECRETS object. */
export function composeSecretNames(script: string): string[] {
  const block = /COMPOSE_SECRETS = \{([\s\S]*?)\n\};/.exec(script)?.[1] ?? '';
  return [...block.matchAll(/^\s*([A-Z][A-Z0-9_]*):/gm)].map(([, name]) => name);
}

export function loadDeployment(sources: DeploySources): Deployment {
  const { docs, problems } = loadK8s(sources.k8sDir);
  const example = existsSync(sources.secretExample)
    ? parseAllDocuments(readFileSync(sources.secretExample, 'utf8')).map((d) => ({
        file: relative(sources.root, sources.secretExample),
        doc: d.toJS() as Doc,
      }))
    : [];
  return {
    k8s: docs,
    loadProblems: problems,
    externalSecrets: example.filter((d) => d.doc?.kind === 'Secret'),
    composeFile: relative(sources.root, sources.composeFile) || 'docker-compose.yml',
    compose: parse(readFileSync(sources.composeFile, 'utf8'), { merge: true }) as Doc,
    composeSecrets: composeSecretNames(readFileSync(sources.composeSecrets, 'utf8')),
    image: imageEnvironment(readFileSync(sources.dockerfile, 'utf8')),
    entries: entryPoints(readFileSync(sources.entrypoint, 'utf8')),
  };
}

export function checkDeployment(sources: DeploySources): string[] {
  return checkLoaded(loadDeployment(sources), sources.root);
}

/** The check on parsed files (the repository's, or a mutated copy). */
export function checkLoaded(deployment: Deployment, root: string): string[] {
  return [
    ...checkK8s(deployment),
    ...checkCompose(deployment, root),
    ...checkEntryPoints(root, deployment.entries),
  ];
}

function checkEntryPoints(root: string, entries: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(PROCESSES)) {
    const script = entries.get(name);
    if (!script) problems.push(`infra/entrypoint.sh: no command for ${name}`);
  }
  const built = builtEntries(root);
  for (const [name, script] of entries) {
    // dist/server/<name>.js is built in the image from the entry scripts/build-server.mjs names.
    const bundle = /^dist\/server\/([\w-]+)\.js$/.exec(script)?.[1];
    const source = bundle ? built.get(bundle) : script;
    if (!source) problems.push(`infra/entrypoint.sh: ${name} runs ${script}, which no build produces`);
    else if (!existsSync(join(root, source)))
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

const SECRET_VARIABLES = [
  'STORE_URL',
  'MAIL_URL',
  'SMS_URL',
  'SMS_INBOUND_SECRET',
  'JWT_PRIVATE_KEY',
  'ADMIN_PASSWORD',
  'PAYMENT_SANDBOX_SECRET',
  'INTERNAL_SECRET',
];
const hasCredentials = (value: string) => /:\/\/[^/@\s]+:[^/@\s]+@/.test(value);

/** A fixed stand-in for a value the operator supplies: long, random-looking, the same for the same name. */
export const standIn = (name: string) => createHash('sha256').update(`moba-stand-in:${name}`).digest('hex');
let standInKeys: ReturnType<typeof generateKeyPair> | undefined;

/**
 * The values the external Secret will hold: the example's, with each placeholder replaced by a stand-in
 * (a real key pair for the PEM keys), so the whole environment parses as it would with real values.
 */
function externalSecretData(secret: Doc): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, raw] of Object.entries<string>({ ...(secret.data ?? {}), ...(secret.stringData ?? {}) })) {
    const value = String(raw);
    if (!hasPlaceholder(value)) data[key] = value;
    else if (/-----BEGIN (PRIVATE|PUBLIC) KEY-----/.test(value)) {
      standInKeys ??= generateKeyPair();
      data[key] = value.includes('PRIVATE') ? standInKeys.privateKeyPem : standInKeys.publicKeyPem;
    } else data[key] = replacePlaceholders(value, () => standIn(`${secret.metadata?.name}/${key}`));
  }
  return data;
}

function checkK8s(deployment: Deployment): string[] {
  const { k8s: docs, image, entries } = deployment;
  const problems = [...deployment.loadProblems];
  for (const { file, doc } of docs)
    for (const problem of k8sSchemaProblems(doc))
      problems.push(`${file} ${doc?.kind} ${doc?.metadata?.name}: ${problem}`);

  const ofKind = (kind: string) => docs.filter((d) => d.doc?.kind === kind);
  // A Secret in the applied set overwrites the real one at every `kubectl apply -f k8s/`.
  for (const { file, doc } of ofKind('Secret'))
    problems.push(
      `${file} Secret ${doc.metadata?.name}: a Secret in the applied set overwrites the real one at every apply (and its example values go live); create it from files (infra/README.md) and keep examples in k8s/examples/`,
    );
  const configMaps = new Map(ofKind('ConfigMap').map(({ doc }) => [doc.metadata.name, doc.data ?? {}]));
  const secrets = new Map<string, Record<string, string>>(
    deployment.externalSecrets.map(({ doc }) => [doc.metadata.name, externalSecretData(doc)]),
  );

  for (const { file, doc } of ofKind('ConfigMap'))
    for (const [key, value] of Object.entries<string>(doc.data ?? {}))
      if (SECRET_VARIABLES.includes(key) || hasCredentials(String(value)))
        problems.push(`${file} ConfigMap ${doc.metadata.name}: ${key} belongs in a Secret`);

  const workloads: Workload[] = [];
  for (const { file, doc } of ofKind('Deployment')) {
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
      const settings = parsedConfig(process, { ...image, ...Object.fromEntries(given) });

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
        else if (probe.httpGet && port !== listensOn)
          problems.push(`${where}: ${kind} asks port ${port}, not the app port ${listensOn}`);
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

      // METRICS_PORT serves /metrics alone: the port the container declares as metrics (the one the
      // monitoring NetworkPolicy opens and Prometheus scrapes).
      if (settings) {
        const metricsPort = Number(settings.METRICS_PORT ?? 0);
        const declared = ports.get('metrics');
        if (declared !== undefined && metricsPort !== declared)
          problems.push(
            `${where}: METRICS_PORT is ${metricsPort}, but the container declares its metrics port as ${declared}`,
          );
        if (declared === undefined && metricsPort)
          problems.push(
            `${where}: METRICS_PORT ${metricsPort} is not declared as a container port named metrics`,
          );
      }
      problems.push(...k8sKeyProblems(where, process, given, settings, pod, container));
      workloads.push({
        file,
        name: doc.metadata.name,
        where,
        namespace: doc.metadata.namespace ?? 'default',
        labels,
        process,
        container,
        pod,
        given,
        settings,
        ports,
        appPort: listensOn,
      });
    }
    if (labels['app.kubernetes.io/name'] !== doc.metadata.name)
      problems.push(`${file} ${doc.metadata.name}: pods are not labelled with their Deployment's name`);
  }

  problems.push(...sharedValuesAgree('k8s', workloads));
  problems.push(...notificationScalesApart(docs), ...ingressKeepsWebSockets(docs));
  problems.push(...onlyGatewayReachesServices(docs));
  problems.push(...k8sPathProblems(docs, workloads));
  return problems;
}

/**
 * Keys: every process verifies tokens with JWT_PUBLIC_KEY or KEYS_DIR/jwt-public.pem (a volume from
 * a Secret may put it there); auth, with more than one pod and no volume that outlives them, needs
 * JWT_PRIVATE_KEY too, or each pod would make its own pair.
 */
function k8sKeyProblems(
  where: string,
  process: ProcessName,
  given: Map<string, string>,
  settings: Record<string, unknown> | undefined,
  pod: Doc,
  container: Doc,
): string[] {
  const problems: string[] = [];
  const keysDir = String(settings?.KEYS_DIR ?? '');
  const mount = (container.volumeMounts ?? []).find((m: Doc) => m.mountPath === keysDir);
  const volume = (pod.volumes ?? []).find((v: Doc) => v.name === mount?.name);
  const source = volume?.secret ?? volume?.configMap;
  // A Secret or ConfigMap volume at KEYS_DIR puts its items there (all its keys when it lists none).
  const inKeysDir = (file: string) =>
    !!source && (!source.items || source.items.some((i: Doc) => i.path === file));
  for (const [variable, file] of Object.entries(KEY_FILES))
    if (!given.has(variable) && !inKeysDir(file))
      problems.push(
        `${where}: ${variable}: not given, and nothing puts ${file} in KEYS_DIR ${keysDir} (the process stops at start)`,
      );
  if (PROCESSES[process].signs && !given.has('JWT_PRIVATE_KEY'))
    problems.push(
      `${where}: JWT_PRIVATE_KEY: not given; each auth pod would make its own signing key in KEYS_DIR and the other processes would refuse its tokens`,
    );
  return problems;
}

/**
 * Values processes must share: INTERNAL_SECRET between auth and the gateway (auth refuses calls signed
 * with another), JWT_PUBLIC_KEY between auth and every verifier (tokens signed by auth must verify).
 */
function sharedValuesAgree(
  where: string,
  workloads: { name: string; process: ProcessName; given: Map<string, string> }[],
): string[] {
  const problems: string[] = [];
  const auth = workloads.find((w) => w.process === 'auth');
  if (!auth) return [`${where}: no auth process`];
  for (const w of workloads) {
    if (w === auth) continue;
    if ((PROCESSES[w.process].requiredInProduction ?? []).includes('INTERNAL_SECRET')) {
      const [mine, theirs] = [w.given.get('INTERNAL_SECRET'), auth.given.get('INTERNAL_SECRET')];
      if (mine && theirs && mine !== theirs)
        problems.push(
          `${where}: INTERNAL_SECRET of ${w.name} is not auth's: auth would refuse every /internal call ${w.name} signs`,
        );
    }
    const [key, authKey] = [w.given.get('JWT_PUBLIC_KEY'), auth.given.get('JWT_PUBLIC_KEY')];
    if (key && authKey && key !== authKey)
      problems.push(
        `${where}: JWT_PUBLIC_KEY of ${w.name} is not auth's: it would refuse every token auth signs`,
      );
  }
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

/**
 * Compose's ${…} as `docker compose up` fills it from `.env`: ${NAME:-default} the value or the
 * default, ${NAME:?message} the value (missing: compose stops; `missing` is told), ${NAME} the value
 * or empty.
 */
export function interpolate(
  value: string,
  env: Record<string, string | undefined>,
  missing: (name: string) => void,
): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (_, name, op, arg) => {
    const given = env[name];
    if (op === ':-' || op === '-') return (op === ':-' ? given || undefined : given) ?? arg;
    if ((op === ':?' || op === '?') && !given) missing(name);
    return given ?? '';
  });
}

/** A compose volume entry: short syntax `source:target[:ro]` or the long one. */
export function mountsOf(service: Doc): { source: string; target: string; readOnly: boolean }[] {
  return ((service.volumes ?? []) as Doc[]).map((volume) => {
    if (typeof volume === 'object')
      return {
        source: String(volume.source ?? ''),
        target: String(volume.target),
        readOnly: !!volume.read_only,
      };
    const [source, target, mode = ''] = String(volume).split(':');
    return { source, target: target ?? source, readOnly: mode.split(',').includes('ro') };
  });
}

function checkCompose(deployment: Deployment, root: string) {
  const { composeFile: file, compose, image, entries } = deployment;
  const problems = composeSchemaProblems(compose).map((p) => `${file}: ${p}`);
  const services = (compose?.services ?? {}) as Record<string, Doc>;
  const processes: ComposeProcess[] = [];
  // What scripts/compose-secrets.mjs writes to .env, as stand-ins.
  const dotEnv = Object.fromEntries(deployment.composeSecrets.map((n) => [n, standIn(`compose/${n}`)]));
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
        interpolate(String(v), dotEnv, (missing) =>
          problems.push(
            `${where}: ${k} asks for \${${missing}:?…}, which scripts/compose-secrets.mjs does not write to .env`,
          ),
        ),
      ]),
    );
    problems.push(...environmentProblems(where, process, given, image));
    // A default goes live wherever .env lacks the variable: it must not be a placeholder either.
    for (const [k, v] of Object.entries<unknown>(service.environment ?? {}))
      for (const [, name, fallback] of String(v).matchAll(/\$\{(\w+):?-([^}]*)\}/g))
        if (hasPlaceholder(fallback))
          problems.push(`${where}: ${k}: is a placeholder when .env has no ${name} (default ${fallback})`);
    const settings = parsedConfig(process, { ...image, ...Object.fromEntries(given) });
    processes.push({ name, process, service, given, settings });
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
      if (!existsSync(join(root, script.slice('/app/'.length))))
        problems.push(`${where}: healthcheck runs ${script}, which does not exist`);
      if (!PROCESSES[process].probePaths.includes(check[3]))
        problems.push(`${where}: healthcheck asks ${check[3]}, which ${process} does not serve`);
    }
  }
  problems.push(...composeKeyProblems(file, processes));
  problems.push(...sharedValuesAgree(file, processes));
  problems.push(...composePathProblems(file, services, processes));
  problems.push(...composeRunsTwoOfEachHotService(file, services));
  return problems;
}

/**
 * Keys in compose: auth makes its pair in its own writable KEYS_DIR volume and publishes the public
 * key to PUBLIC_KEY_DIR, a volume the others mount (read-only) as their KEYS_DIR; a process given
 * JWT_PUBLIC_KEY needs neither.
 */
function composeKeyProblems(file: string, processes: ComposeProcess[]): string[] {
  const problems: string[] = [];
  const auth = processes.find((p) => p.process === 'auth');
  const mountAt = (p: ComposeProcess, dir: unknown) => mountsOf(p.service).find((m) => m.target === dir);
  const published = auth?.settings?.PUBLIC_KEY_DIR ? mountAt(auth, auth.settings.PUBLIC_KEY_DIR) : undefined;
  if (published?.readOnly)
    problems.push(
      `${file} ${auth!.name}: PUBLIC_KEY_DIR ${published.target} is mounted read-only; auth writes jwt-public.pem there`,
    );
  for (const p of processes) {
    const where = `${file} ${p.name}`;
    const keysDir = p.settings?.KEYS_DIR;
    const mount = mountAt(p, keysDir);
    if (p.process === 'auth') {
      if (!(p.given.has('JWT_PRIVATE_KEY') && p.given.has('JWT_PUBLIC_KEY')) && (!mount || mount.readOnly))
        problems.push(
          `${where}: auth makes its signing keys in KEYS_DIR ${String(keysDir)}, which is not a writable volume (a new container would sign with a new key)`,
        );
    } else if (!p.given.has('JWT_PUBLIC_KEY') && (!published || mount?.source !== published.source))
      problems.push(
        `${where}: JWT_PUBLIC_KEY: not given, and KEYS_DIR ${String(keysDir)} is not the volume auth publishes jwt-public.pem to (PUBLIC_KEY_DIR)`,
      );
  }
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

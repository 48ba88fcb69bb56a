import type { Doc } from './schemas';
import type { ProcessName } from './processes';

/**
 * The paths a request or an event takes between containers, checked on the deployment files: every
 * address a process is given (its URLs, the gateway's SERVICE_URLS) reaches a process that listens
 * there, through the Service and NetworkPolicies of k8s or the networks of compose.
 */

/** One container of a Deployment, with what the check learned of it. */
export interface Workload {
  file: string;
  name: string;
  where: string;
  namespace: string;
  labels: Record<string, string>;
  process: ProcessName;
  container: Doc;
  pod: Doc;
  /** The variables the manifest gives (envFrom, env), resolved. */
  given: Map<string, string>;
  /** The whole environment parsed as at start (undefined when the config refuses it). */
  settings?: Record<string, unknown>;
  /** Container ports by name. */
  ports: Map<string, number>;
  /** The port the process listens on (PORT). */
  appPort: number;
}

/** A label selector (matchLabels and matchExpressions) matches these labels. */
export const selects = (selector: Doc, labels: Record<string, string>) =>
  Object.entries<string>(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  ((selector?.matchExpressions ?? []) as Doc[]).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });

/** The variables holding an address a process connects to. */
const ADDRESS_VARIABLES = [
  'EVENT_BUS_URL',
  'STORE_URL',
  'FANOUT_URL',
  'RATE_LIMIT_URL',
  'CLOCK_URL',
  'MAIL_URL',
  'SMS_URL',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
];
const DEFAULT_PORTS: Record<string, number> = {
  kafka: 9092,
  mongodb: 27017,
  postgres: 5432,
  postgresql: 5432,
  redis: 6379,
  rediss: 6379,
  smtp: 25,
  smtps: 465,
  http: 80,
  https: 443,
  infobip: 443,
  'infobip+http': 80,
};

export interface Endpoint {
  variable: string;
  host: string;
  port: number;
}

/** Where a URL connects: one endpoint per host (kafka:// lists brokers with commas); none for in-process schemes. */
export function endpointsOf(variable: string, url: string): Endpoint[] {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^/?#]*)/i.exec(url);
  if (!match) return [];
  const scheme = match[1].toLowerCase();
  const fallback = DEFAULT_PORTS[scheme];
  if (fallback === undefined) return []; // memory://, file://, dev://, system://, mongodb+srv:// (DNS)
  return match[2]
    .split(',')
    .filter(Boolean)
    .map((hostPort) => {
      const [host, port] = hostPort.split(':');
      return { variable, host: host.toLowerCase(), port: port ? Number(port) : fallback };
    });
}

/** Every endpoint a process is configured to reach (the gateway's SERVICE_URLS included). */
export function endpointsOfProcess(
  given: Map<string, string>,
  settings?: Record<string, unknown>,
): Endpoint[] {
  const endpoints = ADDRESS_VARIABLES.flatMap((variable) =>
    given.has(variable) ? endpointsOf(variable, given.get(variable)!) : [],
  );
  const serviceUrls = (settings?.SERVICE_URLS ?? {}) as Record<string, string[]>;
  for (const [service, urls] of Object.entries(serviceUrls))
    for (const url of urls) endpoints.push(...endpointsOf(`SERVICE_URLS ${service}`, url));
  return endpoints;
}

// ---------------------------------------------------------------------------------------------------
// Kubernetes

const namespaceLabels = (namespace: string) => ({ 'kubernetes.io/metadata.name': namespace });
const INGRESS_CONTROLLER_NAMESPACE = 'ingress-nginx';
const MONITORING_NAMESPACE = 'monitoring';
const DNS_NAMESPACE = 'kube-system';

/** Where an endpoint lands in the cluster: a Service of this namespace (its pods), another namespace, or outside. */
interface Destination {
  namespace?: string;
  /** The pods behind it (a Service of our namespace), with the container port the traffic reaches. */
  pods?: { workload: Workload; port: number; portName?: string }[];
  port: number;
}

function resolveTargetPort(servicePort: Doc, workload: Workload): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  return typeof target === 'number' ? target : workload.ports.get(String(target));
}

const portNameOf = (workload: Workload, port: number) =>
  [...workload.ports].find(([, number]) => number === port)?.[0];

/** The Services of the namespace, each with the workloads its selector picks. */
function servicesOf(docs: { doc: Doc }[], workloads: Workload[]) {
  return docs
    .filter((d) => d.doc?.kind === 'Service')
    .map(({ doc }) => ({
      doc,
      name: String(doc.metadata?.name),
      namespace: String(doc.metadata?.namespace ?? 'default'),
      picks: doc.spec?.selector
        ? workloads.filter(
            (w) =>
              w.namespace === (doc.metadata?.namespace ?? 'default') &&
              Object.entries<string>(doc.spec.selector).every(([k, v]) => w.labels[k] === v),
          )
        : [],
    }));
}
type ServiceEntry = ReturnType<typeof servicesOf>[number];

function destinationOf(endpoint: Endpoint, from: Workload, services: ServiceEntry[]): Destination {
  const parts = endpoint.host.split('.');
  const inCluster = parts.length === 1 || parts[2] === 'svc';
  if (!inCluster) return { port: endpoint.port };
  const namespace = parts[1] ?? from.namespace;
  const service = services.find((s) => s.name === parts[0] && s.namespace === namespace);
  if (!service) return { namespace, port: endpoint.port };
  const servicePort = (service.doc.spec?.ports ?? []).find((p: Doc) => Number(p.port) === endpoint.port);
  const pods = servicePort
    ? service.picks.flatMap((workload) => {
        const port = resolveTargetPort(servicePort, workload);
        return port === undefined ? [] : [{ workload, port, portName: portNameOf(workload, port) }];
      })
    : [];
  return { namespace, pods, port: endpoint.port };
}

/** A NetworkPolicy port entry lets this (number, or the destination's port name) through. */
const portMatches = (entry: Doc, port: number, portName?: string) =>
  entry.port === undefined ||
  (typeof entry.port === 'number' ? entry.port === port : entry.port === portName);

/** An egress peer reaches the destination (an ipBlock is taken as reaching anything: addresses are not known here). */
function egressPeerReaches(
  peer: Doc,
  policyNamespace: string,
  destination: Destination,
  labels?: Record<string, string>,
) {
  if (peer.ipBlock) return true;
  const namespace = destination.namespace;
  if (namespace === undefined) return false; // outside the cluster: only an ipBlock reaches it
  if (peer.namespaceSelector) {
    if (!selects(peer.namespaceSelector, namespaceLabels(namespace))) return false;
    return !peer.podSelector || !labels || selects(peer.podSelector, labels);
  }
  if (namespace !== policyNamespace) return false;
  return !peer.podSelector || (!!labels && selects(peer.podSelector, labels));
}

/** The NetworkPolicies let `from` open a connection to the destination. */
function egressAllows(policies: Doc[], from: Workload, destination: Destination): boolean {
  const isolating = policies.filter(
    (p) =>
      (p.metadata?.namespace ?? 'default') === from.namespace &&
      selects(p.spec?.podSelector, from.labels) &&
      (p.spec?.policyTypes ?? []).includes('Egress'),
  );
  if (!isolating.length) return true;
  const targets = destination.pods?.length
    ? destination.pods.map((p) => ({ labels: p.workload.labels, port: p.port, portName: p.portName }))
    : [{ labels: undefined, port: destination.port, portName: undefined }];
  return targets.every((target) =>
    isolating.some((policy) =>
      ((policy.spec.egress ?? []) as Doc[]).some(
        (rule) =>
          (!rule.ports?.length ||
            (rule.ports as Doc[]).some((entry) => portMatches(entry, target.port, target.portName))) &&
          (!rule.to?.length ||
            (rule.to as Doc[]).some((peer) =>
              egressPeerReaches(peer, policy.metadata?.namespace ?? 'default', destination, target.labels),
            )),
      ),
    ),
  );
}

/** The NetworkPolicies let a peer (described by the predicate) reach the workload on this port. */
function ingressAllows(policies: Doc[], to: Workload, peerMatches: (peer: Doc) => boolean, port: number) {
  const isolating = policies.filter(
    (p) =>
      (p.metadata?.namespace ?? 'default') === to.namespace &&
      selects(p.spec?.podSelector, to.labels) &&
      ((p.spec?.policyTypes ?? ['Ingress']) as string[]).includes('Ingress'),
  );
  if (!isolating.length) return true;
  return isolating.some((policy) =>
    ((policy.spec.ingress ?? []) as Doc[]).some(
      (rule) =>
        (!rule.ports?.length ||
          (rule.ports as Doc[]).some((entry) => portMatches(entry, port, portNameOf(to, port)))) &&
        (!rule.from?.length || (rule.from as Doc[]).some(peerMatches)),
    ),
  );
}

/**
 * Services reach the app port of the pods they select; the gateway's SERVICE_URLS name Services that
 * reach the process of that name; NetworkPolicies let each needed connection through (the gateway to
 * the services' app port, the ingress controller to the gateway, monitoring to the metrics port, and
 * every address a process is given, DNS included, when an Egress policy isolates it).
 */
export function k8sPathProblems(docs: { file: string; doc: Doc }[], workloads: Workload[]): string[] {
  const problems: string[] = [];
  const services = servicesOf(docs, workloads);
  for (const service of services) {
    const where = `k8s Service ${service.name}`;
    if (!service.picks.length) {
      problems.push(`${where}: its selector picks no Deployment's pods`);
      continue;
    }
    for (const port of (service.doc.spec?.ports ?? []) as Doc[])
      for (const workload of service.picks) {
        const target = resolveTargetPort(port, workload);
        const label = port.name ?? port.port;
        if (target === undefined)
          problems.push(
            `${where} port ${label}: targetPort ${port.targetPort} is no container port of ${workload.name}`,
          );
        else if (port.name !== 'metrics' && target !== workload.appPort)
          problems.push(
            `${where} port ${label}: targetPort ${port.targetPort ?? port.port} reaches ${target} on ${workload.name}, not its app port (PORT=${workload.appPort})`,
          );
      }
  }

  for (const gateway of workloads.filter((w) => w.process === 'gateway')) {
    const urls = (gateway.settings?.SERVICE_URLS ?? {}) as Record<string, string[]>;
    for (const [name, list] of Object.entries(urls))
      for (const url of list)
        for (const endpoint of endpointsOf(`SERVICE_URLS ${name}`, url)) {
          const destination = destinationOf(endpoint, gateway, services);
          const reached = (destination.pods ?? []).filter((p) => p.port === p.workload.appPort);
          if (!destination.pods)
            problems.push(
              `${gateway.where}: SERVICE_URLS sends ${name} to ${url}, and no Service ${endpoint.host} exists`,
            );
          else if (!reached.length)
            problems.push(
              `${gateway.where}: SERVICE_URLS sends ${name} to ${url}, which reaches no app port (no such Service port, or it targets another)`,
            );
          else
            for (const { workload } of reached)
              if (workload.process !== name)
                problems.push(
                  `${gateway.where}: SERVICE_URLS sends ${name} to ${url}, which reaches ${workload.process}`,
                );
        }
  }

  const policies = docs.filter((d) => d.doc?.kind === 'NetworkPolicy').map((d) => d.doc);
  const isGateway = (peer: Doc) =>
    !peer.namespaceSelector &&
    !peer.ipBlock &&
    workloads.some((w) => w.process === 'gateway' && selects(peer.podSelector, w.labels));
  const fromNamespace = (namespace: string) => (peer: Doc) =>
    !!peer.ipBlock ||
    (!!peer.namespaceSelector && selects(peer.namespaceSelector, namespaceLabels(namespace)));
  for (const workload of workloads) {
    if (workload.process === 'gateway') {
      if (!ingressAllows(policies, workload, fromNamespace(INGRESS_CONTROLLER_NAMESPACE), workload.appPort))
        problems.push(
          `${workload.where}: no NetworkPolicy lets the ingress controller (namespace ${INGRESS_CONTROLLER_NAMESPACE}) reach the gateway's app port ${workload.appPort}`,
        );
    } else if (!ingressAllows(policies, workload, isGateway, workload.appPort))
      problems.push(
        `${workload.where}: no NetworkPolicy lets the gateway reach ${workload.name}'s app port ${workload.appPort}`,
      );
    const metrics = workload.ports.get('metrics');
    if (
      metrics !== undefined &&
      !ingressAllows(policies, workload, fromNamespace(MONITORING_NAMESPACE), metrics)
    )
      problems.push(
        `${workload.where}: no NetworkPolicy lets Prometheus (namespace ${MONITORING_NAMESPACE}) reach the metrics port ${metrics}`,
      );

    const endpoints = endpointsOfProcess(workload.given, workload.settings);
    for (const endpoint of endpoints) {
      const destination = destinationOf(endpoint, workload, services);
      if (!egressAllows(policies, workload, destination))
        problems.push(
          `${workload.where}: an Egress NetworkPolicy cuts ${endpoint.variable} (${endpoint.host}:${endpoint.port})`,
        );
    }
    const dns: Destination = { namespace: DNS_NAMESPACE, port: 53 };
    if (endpoints.some((e) => !/^[\d.]+$/.test(e.host)) && !egressAllows(policies, workload, dns))
      problems.push(
        `${workload.where}: an Egress NetworkPolicy cuts DNS (port 53): no address of it resolves`,
      );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Compose

/** One Moba process of the compose file. */
export interface ComposeProcess {
  name: string;
  process: ProcessName;
  service: Doc;
  given: Map<string, string>;
  settings?: Record<string, unknown>;
}

const networksOf = (service: Doc): string[] =>
  service.network_mode
    ? [`mode:${service.network_mode}`]
    : Array.isArray(service.networks)
      ? service.networks.map(String)
      : service.networks
        ? Object.keys(service.networks)
        : ['default'];

/**
 * Every address a process is given names a service of the file on a network both share, at the port
 * that service listens on; the gateway's SERVICE_URLS name instances of the right process at their
 * PORT; published ports reach the port the process listens on.
 */
export function composePathProblems(
  file: string,
  services: Record<string, Doc>,
  processes: ComposeProcess[],
): string[] {
  const problems: string[] = [];
  const byName = new Map(processes.map((p) => [p.name, p]));
  for (const from of processes) {
    const where = `${file} ${from.name}`;
    for (const endpoint of endpointsOfProcess(from.given, from.settings)) {
      if (endpoint.host.includes('.')) continue; // an address outside the file (a real SMTP server, …)
      const target = services[endpoint.host];
      if (!target) {
        problems.push(
          `${where}: ${endpoint.variable} names ${endpoint.host}, which is no service of the file`,
        );
        continue;
      }
      const shared = networksOf(from.service).filter((n) => networksOf(target).includes(n));
      if (!shared.length)
        problems.push(
          `${where}: shares no network with ${endpoint.host}, which its ${endpoint.variable} names`,
        );
      const app = byName.get(endpoint.host);
      if (!app) continue;
      const listens = Number(app.settings?.PORT);
      if (endpoint.port !== listens)
        problems.push(
          `${where}: ${endpoint.variable} reaches ${endpoint.host}:${endpoint.port}, which listens on PORT=${listens}`,
        );
      const service = /^SERVICE_URLS (\w+)$/.exec(endpoint.variable)?.[1];
      if (service && app.process !== service)
        problems.push(
          `${where}: SERVICE_URLS sends ${service} to ${endpoint.host}, which runs ${app.process}`,
        );
    }
    for (const published of (from.service.ports ?? []) as Doc[]) {
      const container = Number(
        typeof published === 'object' ? published.target : String(published).split(':').pop()?.split('/')[0],
      );
      const listens = [Number(from.settings?.PORT), Number(from.settings?.METRICS_PORT ?? 0)];
      if (!listens.includes(container))
        problems.push(
          `${where}: publishes container port ${container}, but the process listens on PORT=${listens[0]}`,
        );
    }
  }
  return problems;
}

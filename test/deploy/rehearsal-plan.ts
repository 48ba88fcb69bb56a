import { join } from 'node:path';
import { interpolate, mountsOf, type Deployment } from './deploy-check';
import { isProcessName, type ProcessName } from './processes';
import type { Doc } from './schemas';

/**
 * How `docker compose up` is rehearsed on one machine: each Moba container of docker-compose.yml
 * becomes a process running its production bundle with the container's environment (the image's
 * ENV lines, then compose's `environment`, ${…} filled from the .env scripts/compose-secrets.mjs
 * wrote). What a machine without Docker cannot give is replaced, and every replacement is listed:
 *
 * - hostnames: every compose service gets a loopback address of its own (127.x.y.z); a preload maps
 *   the names to them (dns.lookup), so URLs stay as compose wrote them; Redis's name maps to the
 *   Redis this machine runs;
 * - HOST: a container binds 0.0.0.0 in its own network namespace; here each binds its own address
 *   (ten processes on port 3000, as in ten containers);
 * - volumes: each named volume is a folder; read-only mounts are read-only (the preload refuses
 *   writes under them with EROFS, as the kernel would); paths in the environment under a mount point
 *   at the volume's folder, under /data (the image's VOLUME) at a folder per container; /app is the
 *   repository (the image's working directory);
 * - Kafka and MongoDB, where no engine answers (KAFKA_URL, MONGO_URL): the Redis Streams bus and the
 *   PostgreSQL store, the adapters the distributed mode runs on.
 */
export interface RehearsedProcess {
  name: string;
  process: ProcessName;
  /** The loopback address standing in for the container's own. */
  address: string;
  env: Record<string, string>;
  /** Folders writes are refused under. */
  readOnly: string[];
  /** What compose waits for before starting it (the Moba services among depends_on). */
  after: string[];
  /** The path its compose healthcheck asks. */
  healthPath: string;
}

export interface RehearsalPlan {
  processes: RehearsedProcess[];
  /** Compose service name → loopback address (the preload's hosts). */
  hosts: Record<string, string>;
  /** Each replacement of compose's environment, one line each (printed by the rehearsal). */
  replaced: string[];
  /** Named volume → folder. */
  volumes: Record<string, string>;
}

export interface RehearsalOptions {
  root: string;
  /** Where the volumes' folders are made. */
  dir: string;
  /** The .env compose reads. */
  dotEnv: Record<string, string>;
  /** The Redis this machine runs (redis://host:port). */
  redisUrl: string;
  /** The bus when no Kafka answers: a Redis Streams URL with a prefix of this run. */
  busUrl: (composeUrl: string) => { url: string; why: string } | undefined;
  /** The store when no MongoDB answers: a PostgreSQL URL with a schema prefix of this run. */
  storeUrl: (composeUrl: string) => { url: string; why: string } | undefined;
  /** The second octet of the loopback addresses (one per run, so parallel runs stay apart). */
  subnet: number;
  /** Keys and channels of this run on the machine's Redis, which other runs share (rate limits, fan-out). */
  isolate?: (variable: string, value: string) => { url: string; why: string } | undefined;
}

type Replace = (key: string, value: string, why: string) => void;

/** A path in the image's /app as the same path in this repository's build, and why. */
const fromImageApp = (value: string, options: Pick<RehearsalOptions, 'root'>) =>
  [options.root + value.slice('/app'.length), "the image's /app is this repository's build"] as const;

/** Points the bus, the store and this run's keys on the shared Redis at what this machine runs. */
function replaceSharedServers(
  env: Record<string, string>,
  replace: Replace,
  options: Omit<RehearsalOptions, 'dotEnv'>,
) {
  const bus = env.EVENT_BUS_URL && options.busUrl(env.EVENT_BUS_URL);
  if (bus) replace('EVENT_BUS_URL', bus.url, bus.why);
  const store = env.STORE_URL && options.storeUrl(env.STORE_URL);
  if (store) replace('STORE_URL', store.url, store.why);
  for (const [key, value] of Object.entries(env)) {
    const isolated = options.isolate?.(key, value);
    if (isolated) replace(key, isolated.url, isolated.why);
  }
}

export function rehearsalPlan(deployment: Deployment, options: RehearsalOptions): RehearsalPlan {
  const services = deployment.compose.services as Record<string, Doc>;
  const redis = new URL(options.redisUrl);
  const hosts: Record<string, string> = {};
  Object.keys(services).forEach((name, i) => {
    hosts[name] = `127.${options.subnet}.0.${i + 1}`;
  });
  hosts.redis = redis.hostname;
  const replaced: string[] = [`redis: the name maps to this machine's Redis at ${redis.host}`];
  const volumes: Record<string, string> = {};
  const volumeDir = (source: string) => (volumes[source] ??= join(options.dir, 'volumes', source));

  const processes: RehearsedProcess[] = [];
  for (const [name, service] of Object.entries(services)) {
    if (service.build?.dockerfile !== 'infra/Dockerfile') continue;
    const process = String(service.command?.[0]);
    if (!isProcessName(process)) throw new Error(`${name}: command ${service.command} names no process`);
    const env: Record<string, string> = { ...deployment.image };
    for (const [key, value] of Object.entries<unknown>(service.environment ?? {}))
      env[key] = interpolate(String(value), options.dotEnv, (missing) => {
        throw new Error(`${name}: ${key} needs ${missing} in .env (run scripts/compose-secrets.mjs)`);
      });
    const replace = (key: string, value: string, why: string) => {
      replaced.push(`${name}: ${key}=${env[key]} → ${value} (${why})`);
      env[key] = value;
    };

    replace(
      'HOST',
      hosts[name],
      'the container binds 0.0.0.0 in its own network; here its own loopback address',
    );
    const mounts = mountsOf(service).filter((m) => !m.source.startsWith('.') && !m.source.startsWith('/'));
    const readOnly = mounts.filter((m) => m.readOnly).map((m) => volumeDir(m.source));
    for (const [key, value] of Object.entries(env)) {
      if (!value.startsWith('/')) continue;
      const mount = mounts
        .filter((m) => value === m.target || value.startsWith(`${m.target}/`))
        .sort((a, b) => b.target.length - a.target.length)[0];
      if (mount)
        replace(
          key,
          volumeDir(mount.source) + value.slice(mount.target.length),
          `volume ${mount.source}${mount.readOnly ? ', read-only' : ''}`,
        );
      else if (value === '/data' || value.startsWith('/data/'))
        replace(
          key,
          join(options.dir, 'anonymous', name) + value.slice('/data'.length),
          "the image's VOLUME /data",
        );
      else if (value === '/app' || value.startsWith('/app/')) replace(key, ...fromImageApp(value, options));
    }
    replaceSharedServers(env, replace, options);

    const after = Object.keys(service.depends_on ?? {}).filter(
      (d) => services[d]?.build?.dockerfile === 'infra/Dockerfile',
    );
    const check = (service.healthcheck?.test ?? []) as string[];
    processes.push({
      name,
      process,
      address: hosts[name],
      env,
      readOnly,
      after,
      healthPath: check[3] ?? '/readyz',
    });
  }
  return { processes, hosts, replaced, volumes };
}

/**
 * The preload every rehearsed process starts with (`node -r`): compose's hostnames resolve to their
 * loopback addresses, and writes under a read-only mount fail with EROFS as they would in the container.
 */
export function preloadSource(
  hosts: Record<string, string>,
  readOnly: string[],
  writableOnly?: string[],
): string {
  return `'use strict';
// Rehearsal of docker-compose.yml (test/deploy/rehearsal-plan.ts): compose's names and read-only mounts.
const dns = require('node:dns');
const fs = require('node:fs');
const path = require('node:path');
const HOSTS = ${JSON.stringify(hosts)};
const READ_ONLY = ${JSON.stringify(readOnly)};
// A read-only root filesystem: writes only under these (the pod's mounts), or null for no such rule.
const WRITABLE_ONLY = ${JSON.stringify(writableOnly ?? null)};

const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (typeof options === 'function') { callback = options; options = {}; }
  const address = HOSTS[String(hostname).toLowerCase()];
  if (!address) return lookup.call(this, hostname, options, callback);
  const all = typeof options === 'object' && options !== null && options.all;
  if (all) process.nextTick(callback, null, [{ address, family: 4 }]);
  else process.nextTick(callback, null, address, 4);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = async function (hostname, options) {
  const address = HOSTS[String(hostname).toLowerCase()];
  if (!address) return lookupPromise.call(this, hostname, options);
  return options && options.all ? [{ address, family: 4 }] : { address, family: 4 };
};

const underReadOnly = (p) => {
  if (typeof p !== 'string' && !(p instanceof URL) && !Buffer.isBuffer(p)) return false;
  const abs = path.resolve(p instanceof URL ? p.pathname : String(p));
  const under = (dir) => abs === dir || abs.startsWith(dir + path.sep);
  if (WRITABLE_ONLY && !WRITABLE_ONLY.some(under)) return true;
  return READ_ONLY.some(under);
};
const erofs = (p, syscall) =>
  Object.assign(new Error("EROFS: read-only file system, " + syscall + " '" + p + "'"), {
    code: 'EROFS', errno: -30, syscall, path: String(p),
  });
const writes = (flags) =>
  typeof flags === 'number'
    ? (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT)) !== 0
    : typeof flags === 'string' && /[wa+]/.test(flags);
const refuses = (name, p, args) => {
  if (!underReadOnly(p)) return false;
  if (name === 'mkdir' || name === 'mkdirSync') return !fs.existsSync(p);
  if (name === 'open' || name === 'openSync') return writes(args[1] ?? 'r');
  return true;
};
const MUTATING = ['writeFile', 'appendFile', 'mkdir', 'open', 'rm', 'unlink', 'rename', 'copyFile', 'chmod', 'rmdir', 'symlink'];
for (const name of MUTATING) {
  const sync = fs[name + 'Sync'];
  if (sync) fs[name + 'Sync'] = function (p, ...args) {
    if (refuses(name + 'Sync', p, [p, ...args])) throw erofs(p, name);
    return sync.call(this, p, ...args);
  };
  const callback = fs[name];
  if (callback) fs[name] = function (p, ...args) {
    if (refuses(name, p, [p, ...args])) {
      const done = args[args.length - 1];
      return process.nextTick(done, erofs(p, name));
    }
    return callback.call(this, p, ...args);
  };
  const promised = fs.promises[name];
  if (promised) fs.promises[name] = function (p, ...args) {
    if (refuses(name, p, [p, ...args])) return Promise.reject(erofs(p, name));
    return promised.call(this, p, ...args);
  };
}
`;
}

/** What the k8s rehearsal gives where the example Secret has placeholders, and where no engine answers. */
export interface K8sRehearsalOptions extends Omit<RehearsalOptions, 'dotEnv'> {
  /** A value for each placeholder of the example Secret (the operator's real values). */
  secretValue: (key: string, example: string) => string;
  /** The mail server where the Secret names one outside the cluster. */
  mailUrl: (secretUrl: string) => { url: string; why: string } | undefined;
}

/**
 * The k8s manifests rehearsed the same way: one process per Deployment (replicas aside) with the
 * container's environment (the ConfigMaps and the Secret the operator created, here the example's
 * keys with real values), its volumes (emptyDir and PVC as folders), a read-only root filesystem
 * (every write outside the mounts refused with EROFS), addresses as in the cluster: each Service
 * name and each `<name>.<namespace>.svc` host resolves to a loopback address.
 */
export function k8sRehearsalPlan(
  deployment: Deployment,
  options: K8sRehearsalOptions,
): RehearsalPlan & { writable: Record<string, string[]> } {
  const docs = deployment.k8s.map((d) => d.doc);
  const configMaps = new Map(
    docs.filter((d) => d?.kind === 'ConfigMap').map((d) => [d.metadata.name, d.data ?? {}]),
  );
  const secrets = new Map<string, Record<string, string>>(
    deployment.externalSecrets.map(({ doc }) => [
      doc.metadata.name,
      Object.fromEntries(
        Object.entries<string>({ ...(doc.data ?? {}), ...(doc.stringData ?? {}) }).map(([k, v]) => [
          k,
          options.secretValue(k, String(v)),
        ]),
      ),
    ]),
  );
  const redis = new URL(options.redisUrl);
  const hosts: Record<string, string> = {};
  const replaced: string[] = [];
  const volumes: Record<string, string> = {};
  const writable: Record<string, string[]> = {};
  const processes: RehearsedProcess[] = [];
  const deployments = docs.filter((d) => d?.kind === 'Deployment');
  deployments.forEach((doc, i) => {
    hosts[doc.metadata.name] = `127.${options.subnet}.1.${i + 1}`;
  });
  for (const doc of deployments) {
    const name = String(doc.metadata.name);
    const pod = doc.spec.template.spec;
    const container = pod.containers[0];
    const process = String(container.args?.[0]);
    if (!isProcessName(process)) throw new Error(`${name}: args ${container.args} name no process`);
    const env: Record<string, string> = { ...deployment.image };
    for (const from of container.envFrom ?? [])
      Object.assign(
        env,
        from.configMapRef ? configMaps.get(from.configMapRef.name) : secrets.get(from.secretRef?.name),
      );
    for (const e of container.env ?? []) {
      const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
      const source = e.valueFrom?.configMapKeyRef ? configMaps.get(ref?.name) : secrets.get(ref?.name);
      env[e.name] = ref ? String(source?.[ref.key]) : String(e.value ?? '');
    }
    const replace = (key: string, value: string, why: string) => {
      replaced.push(`${name}: ${key}=${env[key]} → ${value} (${why})`);
      env[key] = value;
    };
    replace('HOST', hosts[name], 'the pod binds 0.0.0.0 in its own network; here its own loopback address');
    const mounts = (container.volumeMounts ?? []).map((m: Doc) => {
      const volume = (pod.volumes ?? []).find((v: Doc) => v.name === m.name);
      const source = volume?.persistentVolumeClaim
        ? `pvc-${volume.persistentVolumeClaim.claimName}`
        : `${name}-${m.name}`;
      return { target: String(m.mountPath), dir: (volumes[source] ??= join(options.dir, 'volumes', source)) };
    });
    writable[name] = mounts
      .filter((m: { target: string }) => m.target !== '/tmp')
      .map((m: { dir: string }) => m.dir)
      .concat('/tmp');
    for (const [key, value] of Object.entries(env)) {
      if (!value.startsWith('/')) continue;
      const mount = mounts
        .filter((m: { target: string }) => value === m.target || value.startsWith(`${m.target}/`))
        .sort((a: { target: string }, b: { target: string }) => b.target.length - a.target.length)[0];
      if (mount && mount.target !== '/tmp')
        replace(key, mount.dir + value.slice(mount.target.length), `volume mounted at ${mount.target}`);
      else if (value === '/app' || value.startsWith('/app/')) replace(key, ...fromImageApp(value, options));
    }
    replaceSharedServers(env, replace, options);
    const mail = env.MAIL_URL && options.mailUrl(env.MAIL_URL);
    if (mail) replace('MAIL_URL', mail.url, mail.why);
    const probe = container.readinessProbe?.httpGet;
    const probePort =
      typeof probe?.port === 'number'
        ? probe.port
        : container.ports.find((p: Doc) => p.name === probe?.port)?.containerPort;
    if (String(probePort) !== env.PORT)
      throw new Error(`${name}: the readiness probe asks port ${probePort}, not PORT`);
    processes.push({
      name,
      process,
      address: hosts[name],
      env,
      readOnly: [],
      after: [],
      healthPath: probe?.path ?? '/readyz',
    });
  }
  // Every address the processes are given, as the cluster's DNS would answer it.
  for (const p of processes)
    for (const value of Object.values(p.env))
      for (const [, host] of value.matchAll(/:\/\/(?:[^@/?#\s]*@)?([a-z0-9.-]+\.svc)(?::\d+)?/g))
        if (!(host in hosts)) {
          const redisHost = /^redis/.test(host);
          hosts[host] = redisHost
            ? redis.hostname
            : `127.${options.subnet}.2.${Object.keys(hosts).length + 1}`;
          if (redisHost) replaced.push(`${host}: the name maps to this machine's Redis at ${redis.host}`);
        }
  return { processes, hosts, replaced, volumes, writable };
}

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPair } from '@moba/platform';
import { builtEntries } from './deploy-check';

const ROOT = join(__dirname, '../..');
mkdirSync(join(ROOT, 'dist'), { recursive: true });
const packageOf = (request: string) =>
  request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
const runtimeDependencies = (dir: string) =>
  Object.keys(manifest(dir).dependencies ?? {}).filter((d) => !d.startsWith('@moba/'));

/** The workspaces each bundle is made of: its own, platform and contracts. */
const WORKSPACE_OF: Record<string, string> = {
  gateway: 'gateway',
  auth: 'services/auth',
  vacancy: 'services/vacancy',
  application: 'services/application',
  rating: 'services/rating',
  payment: 'services/payment',
  notification: 'services/notification',
};
const LIBS = ['libs/platform', 'libs/contracts'];
/** Required only when asked for: drivers by URL, the tracing SDK by OTEL_EXPORTER_OTLP_ENDPOINT. */
const LAZY = [
  'ioredis',
  'kafkajs',
  'mongoose',
  'pg',
  '@opentelemetry/sdk-trace-node',
  '@opentelemetry/exporter-trace-otlp-http',
];

describe('the production build', () => {
  // Inside the repository, so the bundles find node_modules as they do in the image.
  const out = mkdtempSync(join(ROOT, 'dist', 'server-test-'));
  const requiresOf = new Map<string, Set<string>>();
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs', out], { cwd: ROOT, stdio: 'pipe' });
    for (const name of builtEntries(ROOT).keys()) {
      const code = readFileSync(join(out, `${name}.js`), 'utf8');
      requiresOf.set(
        name,
        new Set(
          [...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]).filter((r) => !r.startsWith('node:')),
        ),
      );
    }
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('builds one JavaScript bundle per process, with our packages inside and no TypeScript tooling', () => {
    expect([...requiresOf.keys()].sort()).toEqual(Object.keys(WORKSPACE_OF).sort());
    for (const [name, requires] of requiresOf) {
      const moba = [...requires].filter((r) => r.startsWith('@moba/') || r.startsWith('.'));
      const tooling = [...requires].filter((r) => /^(typescript|tsx|@swc\/|jest|playwright)/.test(r));
      expect({ name, moba, tooling }).toEqual({ name, moba: [], tooling: [] });
    }
  });

  it('needs only the runtime dependencies its workspaces declare, and each declared one is used', () => {
    const used = new Set<string>();
    for (const [name, requires] of requiresOf) {
      const declared = new Set([WORKSPACE_OF[name], ...LIBS].flatMap(runtimeDependencies));
      const missing = [...requires].map(packageOf).filter((p) => !declared.has(p));
      expect({ name, missing }).toEqual({ name, missing: [] });
      for (const request of requires) used.add(packageOf(request));
    }
    for (const dir of [...Object.values(WORKSPACE_OF), ...LIBS]) {
      const unused = runtimeDependencies(dir).filter((d) => !used.has(d));
      expect({ dir, unused }).toEqual({ dir, unused: [] });
    }
  });

  it('runs with plain node on the embedded adapters, never loading a driver it does not use', async () => {
    const loaded = join(out, 'loaded.txt');
    const preload = join(out, 'record-loads.js');
    writeFileSync(
      preload,
      `const Module = require('node:module'); const fs = require('node:fs'); const load = Module._load;
       Module._load = function (request, ...rest) { fs.appendFileSync(${JSON.stringify(loaded)}, request + '\\n'); return load.call(this, request, ...rest); };`,
    );
    const child = spawn(process.execPath, ['-r', preload, join(out, 'vacancy.js')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        PORT: '0',
        EVENT_BUS_URL: 'memory://',
        STORE_URL: 'memory://',
        JWT_PUBLIC_KEY: generateKeyPair().publicKeyPem,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 15_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const found = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', () => reject(new Error(`exited:\n${output}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const modules = new Set(readFileSync(loaded, 'utf8').split('\n').map(packageOf));
      expect(LAZY.filter((m) => modules.has(m))).toEqual([]);
      expect(modules.has('@seald-io/nedb')).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

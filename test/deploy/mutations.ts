import type { Deployment } from './deploy-check';
import type { Doc } from './schemas';

/**
 * Single breakages of the deployment files, generated from the files themselves: each takes a copy of
 * the parsed deployment, breaks one thing that would stop (or silently hurt) production, and names
 * what the check must say about it. The mutation test runs the check on each: every one must fail it.
 */
export interface Mutation {
  /** The kind of breakage (the issue's list and more); several mutations share a kind. */
  kind: string;
  name: string;
  apply: (deployment: Deployment) => void;
  /** A problem the check must report (the breakage must be named, not just anything). */
  expect: RegExp;
}

const ofKind = (d: Deployment, kind: string) => d.k8s.filter((x) => x.doc?.kind === kind).map((x) => x.doc);
const deploymentNamed = (d: Deployment, name: string) =>
  ofKind(d, 'Deployment').find((x) => x.metadata.name === name);
const containerOf = (d: Deployment, name: string) =>
  deploymentNamed(d, name).spec.template.spec.containers[0];
const removeEnv = (container: Doc, variable: string) => {
  container.env = (container.env ?? []).filter((e: Doc) => e.name !== variable);
};
const setEnv = (container: Doc, variable: string, value: string) => {
  removeEnv(container, variable);
  container.env.push({ name: variable, value });
};
const composeApps = (d: Deployment) =>
  Object.entries<Doc>(d.compose.services).filter(([, s]) => s.build?.dockerfile === 'infra/Dockerfile');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function generateMutations(original: Deployment): Mutation[] {
  const mutations: Mutation[] = [];
  const add = (kind: string, name: string, expect: RegExp, apply: (d: Deployment) => void) =>
    mutations.push({ kind, name, apply, expect });

  const deployments = ofKind(original, 'Deployment').map((x) => String(x.metadata.name));
  const processOf = (name: string) => String(containerOf(original, name).args[0]);
  const services = deployments.filter((n) => processOf(n) !== 'gateway');
  const envNames = (name: string) => (containerOf(original, name).env ?? []).map((e: Doc) => String(e.name));

  // ---- k8s: required variables
  for (const name of deployments.filter((n) => envNames(n).includes('INTERNAL_SECRET')))
    add(
      'k8s: INTERNAL_SECRET missing',
      `${name} without INTERNAL_SECRET`,
      /INTERNAL_SECRET: required in production/,
      (d) => removeEnv(containerOf(d, name), 'INTERNAL_SECRET'),
    );
  for (const name of services)
    add(
      'k8s: STORE_URL missing',
      `${name} without STORE_URL`,
      new RegExp(`${name}/${name}: STORE_URL: file://`),
      (d) => removeEnv(containerOf(d, name), 'STORE_URL'),
    );
  for (const name of deployments)
    add(
      'k8s: JWT_PUBLIC_KEY missing',
      `${name} without JWT_PUBLIC_KEY`,
      new RegExp(`${name}/${name}: JWT_PUBLIC_KEY: not given`),
      (d) => removeEnv(containerOf(d, name), 'JWT_PUBLIC_KEY'),
    );
  add(
    'k8s: auth without its signing key',
    'auth without JWT_PRIVATE_KEY',
    /JWT_PRIVATE_KEY: not given/,
    (d) => removeEnv(containerOf(d, 'auth'), 'JWT_PRIVATE_KEY'),
  );
  add(
    'k8s: secrets disagree',
    'gateway with its own INTERNAL_SECRET',
    /INTERNAL_SECRET of gateway is not auth's/,
    (d) =>
      setEnv(
        containerOf(d, 'gateway'),
        'INTERNAL_SECRET',
        'f3a9c1d27be84e6095ad3c7f1e28b4d6a0c9e5f7b3d1a8c2',
      ),
  );
  add(
    'k8s: secrets disagree',
    'vacancy verifying with another public key',
    /JWT_PUBLIC_KEY of vacancy is not auth's/,
    (d) => {
      const other = containerOf(d, 'vacancy').env.find((e: Doc) => e.name === 'JWT_PUBLIC_KEY');
      other.valueFrom.secretKeyRef.key = 'JWT_PUBLIC_KEY_OLD';
      const secret = d.externalSecrets[0].doc;
      const { generateKeyPairSync } = require('node:crypto') as typeof import('node:crypto');
      secret.stringData.JWT_PUBLIC_KEY_OLD = generateKeyPairSync('ed25519')
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString();
    },
  );
  add(
    'k8s: a secret key missing',
    'the Secret without INTERNAL_SECRET',
    /INTERNAL_SECRET refers to moba-secrets\/INTERNAL_SECRET, which does not exist/,
    (d) => {
      delete d.externalSecrets[0].doc.stringData.INTERNAL_SECRET;
    },
  );
  add(
    'k8s: the example Secret applied',
    'the example Secret back in k8s/',
    /a Secret in the applied set overwrites the real one/,
    (d) => d.k8s.push({ file: 'k8s/secret.yaml', doc: structuredClone(d.externalSecrets[0].doc) }),
  );
  add(
    'k8s: file store',
    'STORE_URL=file:///data in the Secret',
    /STORE_URL: file:\/\/ keeps documents/,
    (d) => {
      d.externalSecrets[0].doc.stringData.STORE_URL = 'file:///data';
    },
  );
  add('k8s: memory bus', 'EVENT_BUS_URL=memory:// in the ConfigMap', /EVENT_BUS_URL: memory:\/\//, (d) => {
    ofKind(d, 'ConfigMap').find((c) => c.metadata.name === 'moba-config').data.EVENT_BUS_URL = 'memory://';
  });
  add(
    'k8s: placeholder',
    'the example admin password in a ConfigMap value',
    /ADMIN_PASSWORD: is a placeholder/,
    (d) => {
      const auth = containerOf(d, 'auth');
      setEnv(auth, 'ADMIN_PASSWORD', 'replace-me-with-a-long-password');
    },
  );
  add('k8s: weak secret', 'a short INTERNAL_SECRET', /INTERNAL_SECRET: /, (d) => {
    d.externalSecrets[0].doc.stringData.INTERNAL_SECRET = 'secret-secret-secret-secret-secret';
  });

  add(
    'k8s: a secret every instance must share',
    'payment without PAYMENT_SANDBOX_SECRET',
    /payment\/payment: PAYMENT_SANDBOX_SECRET: required in production/,
    (d) => removeEnv(containerOf(d, 'payment'), 'PAYMENT_SANDBOX_SECRET'),
  );
  add(
    'compose: a secret every instance must share',
    'compose payment without PAYMENT_SANDBOX_SECRET',
    /payment: PAYMENT_SANDBOX_SECRET: required in production/,
    (d) => {
      delete d.compose.services.payment.environment.PAYMENT_SANDBOX_SECRET;
    },
  );

  // ---- k8s: ports
  for (const name of deployments) {
    add(
      'k8s: METRICS_PORT not the metrics port',
      `${name} with METRICS_PORT 9465`,
      new RegExp(`${name}/${name}: METRICS_PORT is 9465`),
      (d) => setEnv(containerOf(d, name), 'METRICS_PORT', '9465'),
    );
    add(
      'k8s: METRICS_PORT not the metrics port',
      `${name} declaring metrics on 9465`,
      new RegExp(`${name}/${name}: METRICS_PORT is 9464`),
      (d) => {
        containerOf(d, name).ports.find((p: Doc) => p.name === 'metrics').containerPort = 9465;
      },
    );
    add(
      'k8s: PORT not the http port',
      `${name} listening on 3001`,
      new RegExp(`${name}/${name}: port http is \\d+, the process listens on PORT=3001`),
      (d) => setEnv(containerOf(d, name), 'PORT', '3001'),
    );
    add(
      'k8s: Service targetPort not the app port',
      `Service ${name} targeting metrics`,
      new RegExp(`Service ${name} port http: targetPort metrics reaches 9464`),
      (d) => {
        ofKind(d, 'Service').find((s) => s.metadata.name === name).spec.ports[0].targetPort = 'metrics';
      },
    );
    add(
      'k8s: readiness on the metrics port',
      `${name} readiness asking the metrics port`,
      new RegExp(`${name}/${name}: readinessProbe asks port 9464`),
      (d) => {
        containerOf(d, name).readinessProbe.httpGet.port = 'metrics';
      },
    );
  }
  add(
    'k8s: Service picks no pods',
    'Service rating with a misspelt selector',
    /Service rating: its selector picks no/,
    (d) => {
      ofKind(d, 'Service').find((s) => s.metadata.name === 'rating').spec.selector['app.kubernetes.io/name'] =
        'ratings';
    },
  );

  // ---- k8s: the gateway's addresses
  const urls = String(
    ofKind(original, 'ConfigMap').find((c) => c.metadata.name === 'moba-addresses').data.SERVICE_URLS,
  );
  const setUrls = (d: Deployment, value: string) => {
    ofKind(d, 'ConfigMap').find((c) => c.metadata.name === 'moba-addresses').data.SERVICE_URLS = value;
  };
  for (const part of urls.split(';')) {
    const [name, list] = part.split('=');
    const url = new URL(list.split(',')[0]);
    const other = services.find((s) => processOf(s) !== name)!;
    add(
      'k8s: SERVICE_URLS disagree',
      `SERVICE_URLS ${name} on port 3001`,
      new RegExp(`SERVICE_URLS sends ${name} to .*:3001, which reaches no app port`),
      (d) => setUrls(d, urls.replace(part, `${name}=http://${url.hostname}:3001`)),
    );
    add(
      'k8s: SERVICE_URLS disagree',
      `SERVICE_URLS ${name} at ${other}`,
      new RegExp(`SERVICE_URLS sends ${name} to http://${other}:3000, which reaches ${processOf(other)}`),
      (d) => setUrls(d, urls.replace(part, `${name}=http://${other}:3000`)),
    );
    add(
      'k8s: SERVICE_URLS disagree',
      `SERVICE_URLS ${name} at a Service that does not exist`,
      new RegExp(`SERVICE_URLS sends ${name} to http://${name}-svc:3000, and no Service`),
      (d) => setUrls(d, urls.replace(part, `${name}=http://${name}-svc:3000`)),
    );
  }

  // ---- k8s: NetworkPolicies
  const policy = (d: Deployment, name: string) =>
    ofKind(d, 'NetworkPolicy').find((p) => p.metadata.name === name);
  add(
    'k8s: NetworkPolicy on the wrong port',
    'services open to the gateway on metrics only',
    /no NetworkPolicy lets the gateway reach vacancy's app port/,
    (d) => {
      policy(d, 'services-from-gateway').spec.ingress[0].ports = [{ port: 'metrics' }];
    },
  );
  add(
    'k8s: NetworkPolicy on the wrong port',
    'services open to the gateway on 8080',
    /no NetworkPolicy lets the gateway reach auth's app port 3000/,
    (d) => {
      policy(d, 'services-from-gateway').spec.ingress[0].ports = [{ port: 8080 }];
    },
  );
  add(
    'k8s: NetworkPolicy on the wrong port',
    'the gateway open to the ingress controller on metrics',
    /ingress controller .* reach the gateway's app port/,
    (d) => {
      policy(d, 'gateway-from-ingress').spec.ingress[0].ports = [{ port: 'metrics' }];
    },
  );
  add(
    'k8s: NetworkPolicy on the wrong port',
    'Prometheus let in on http only',
    /Prometheus .* reach the metrics port 9464/,
    (d) => {
      for (const name of ['services-from-gateway', 'gateway-from-ingress'])
        policy(d, name).spec.ingress[1].ports = [{ port: 'http' }];
    },
  );
  add(
    'k8s: NetworkPolicy from the wrong peer',
    'services open to every pod',
    /lets .* reach .* on http/,
    (d) => {
      policy(d, 'services-from-gateway').spec.ingress[0].from = [{ podSelector: {} }];
    },
  );
  const denyEgress = (spec: Doc) => (d: Deployment) =>
    d.k8s.push({
      file: 'k8s/network-policy.yaml',
      doc: {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: { name: 'egress', namespace: 'moba' },
        spec: { podSelector: {}, policyTypes: ['Egress'], ...spec },
      },
    });
  add(
    'k8s: default-deny Egress',
    'a default-deny Egress',
    /an Egress NetworkPolicy cuts EVENT_BUS_URL/,
    denyEgress({}),
  );
  add(
    'k8s: default-deny Egress',
    'Egress to DNS only',
    /gateway\/gateway: an Egress NetworkPolicy cuts SERVICE_URLS auth/,
    denyEgress({
      egress: [{ ports: [{ port: 53, protocol: 'UDP' }] }],
    }),
  );
  add(
    'k8s: default-deny Egress',
    'Egress to the engines without DNS',
    /an Egress NetworkPolicy cuts DNS/,
    denyEgress({
      egress: [
        {
          to: [{ namespaceSelector: {} }, { podSelector: {} }, { ipBlock: { cidr: '0.0.0.0/0' } }],
          ports: [9092, 27017, 6379, 4318, 3000, 465, 443].map((port) => ({ port })),
        },
      ],
    }),
  );
  add(
    'k8s: default-deny Egress',
    'Egress within the namespace only',
    /cuts EVENT_BUS_URL \(kafka-bootstrap\.kafka\.svc:9092\)/,
    denyEgress({
      egress: [{ to: [{ podSelector: {} }] }, { ports: [{ port: 53, protocol: 'UDP' }] }],
    }),
  );
  add(
    'k8s: default-deny Egress',
    'the gateway may reach only auth',
    /cuts SERVICE_URLS vacancy/,
    denyEgress({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } },
      egress: [
        {
          to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'auth' } } }],
          ports: [{ port: 'http' }],
        },
        { to: [{ namespaceSelector: {} }], ports: [53, 9092, 6379, 4318].map((port) => ({ port })) },
      ],
    }),
  );

  // ---- compose
  const file = escape(original.composeFile);
  const composeService = (d: Deployment, name: string) => d.compose.services[name];
  for (const [name, service] of composeApps(original)) {
    const process = String(service.command[0]);
    if (Object.keys(service.environment).includes('INTERNAL_SECRET'))
      add(
        'compose: INTERNAL_SECRET missing',
        `compose ${name} without INTERNAL_SECRET`,
        new RegExp(`${file} ${name}: INTERNAL_SECRET: required in production`),
        (d) => {
          delete composeService(d, name).environment.INTERNAL_SECRET;
        },
      );
    if (process !== 'gateway')
      add(
        'compose: STORE_URL missing',
        `compose ${name} without STORE_URL`,
        new RegExp(`${file} ${name}: STORE_URL: file://`),
        (d) => {
          delete composeService(d, name).environment.STORE_URL;
        },
      );
    add(
      'compose: PORT disagrees',
      `compose ${name} on PORT 3001`,
      process === 'gateway'
        ? /publishes container port 8080, but the process listens on PORT=3001/
        : new RegExp(`reaches ${name}:3000, which listens on PORT=3001`),
      (d) => {
        composeService(d, name).environment.PORT = '3001';
      },
    );
    add(
      'compose: a service on its own network',
      `compose ${name} on its own network`,
      new RegExp(`${file} (${name}: shares no network|\\S+: shares no network with ${name})`),
      (d) => {
        composeService(d, name).networks = [`${name}-alone`];
        d.compose.networks = { ...(d.compose.networks ?? {}), [`${name}-alone`]: {} };
      },
    );
    if (process !== 'auth')
      add(
        'compose: no public key',
        `compose ${name} without the public-key volume`,
        new RegExp(`${file} ${name}: JWT_PUBLIC_KEY: not given`),
        (d) => {
          composeService(d, name).volumes = [];
        },
      );
  }
  for (const engine of ['kafka', 'mongo', 'redis'])
    add(
      'compose: a service on its own network',
      `compose ${engine} on its own network`,
      new RegExp(`shares no network with ${engine}`),
      (d) => {
        composeService(d, engine).networks = ['engines'];
        d.compose.networks = { engines: {} };
      },
    );
  const gatewayUrls = String(original.compose.services.gateway.environment.SERVICE_URLS);
  for (const part of gatewayUrls.split(';')) {
    const [name, list] = part.split('=');
    const host = new URL(list.split(',')[0]).hostname;
    const stranger = composeApps(original).find(
      ([, s]) => s.command[0] !== name && s.command[0] !== 'gateway',
    )![0];
    add(
      'compose: SERVICE_URLS disagree',
      `compose SERVICE_URLS ${name} on port 3001`,
      new RegExp(`SERVICE_URLS ${name} reaches ${host}:3001, which listens on PORT=3000`),
      (d) => {
        composeService(d, 'gateway').environment.SERVICE_URLS = gatewayUrls.replace(
          `http://${host}:3000`,
          `http://${host}:3001`,
        );
      },
    );
    add(
      'compose: SERVICE_URLS disagree',
      `compose SERVICE_URLS ${name} at ${stranger}`,
      new RegExp(`SERVICE_URLS sends ${name} to ${stranger}, which runs`),
      (d) => {
        composeService(d, 'gateway').environment.SERVICE_URLS = gatewayUrls.replace(
          `http://${host}:3000`,
          `http://${stranger}:3000`,
        );
      },
    );
    add(
      'compose: SERVICE_URLS disagree',
      `compose SERVICE_URLS ${name} at a host not in the file`,
      new RegExp(`SERVICE_URLS ${name} names ${name}-x, which is no service`),
      (d) => {
        composeService(d, 'gateway').environment.SERVICE_URLS = gatewayUrls.replace(
          `http://${host}:3000`,
          `http://${name}-x:3000`,
        );
      },
    );
  }
  add(
    'compose: secrets disagree',
    'compose auth with its own INTERNAL_SECRET',
    /INTERNAL_SECRET of gateway is not auth's/,
    (d) => {
      composeService(d, 'auth').environment.INTERNAL_SECRET =
        'c0ffee1234567890abcdef0987654321fedcba1234567890';
    },
  );
  add(
    'compose: secret nobody writes',
    'compose asking for a secret the script does not write',
    /asks for \$\{INTERNAL_SECRET_2:\?…\}/,
    (d) => {
      composeService(d, 'gateway').environment.INTERNAL_SECRET = '${INTERNAL_SECRET_2:?set it}';
    },
  );
  add(
    'compose: placeholder',
    'compose PAYMENT_SANDBOX_SECRET with a placeholder default',
    /PAYMENT_SANDBOX_SECRET: is a placeholder/,
    (d) => {
      composeService(d, 'payment').environment.PAYMENT_SANDBOX_SECRET =
        '${PAYMENT_SANDBOX_SECRET:-compose-sandbox-secret-change-me}';
    },
  );
  add(
    'compose: placeholder',
    'compose auth with the example admin password',
    /ADMIN_PASSWORD: is a placeholder/,
    (d) => {
      composeService(d, 'auth').environment.ADMIN_PASSWORD = 'change-me-please';
    },
  );
  add(
    'compose: read-only key volume',
    'compose auth publishing its key to a read-only volume',
    /PUBLIC_KEY_DIR \/data\/public-key is mounted read-only/,
    (d) => {
      const auth = composeService(d, 'auth');
      auth.volumes = auth.volumes.map((v: string) => (v.startsWith('public-key:') ? `${v}:ro` : v));
    },
  );
  add(
    'compose: read-only key volume',
    'compose auth without a writable key volume',
    /auth makes its signing keys in KEYS_DIR/,
    (d) => {
      const auth = composeService(d, 'auth');
      auth.volumes = auth.volumes.filter((v: string) => !v.startsWith('keys:'));
    },
  );
  add(
    'compose: an address nobody answers',
    'compose bus on a host not in the file',
    /EVENT_BUS_URL names kafka-1, which is no service/,
    (d) => {
      for (const [, s] of composeApps(d)) s.environment.EVENT_BUS_URL = 'kafka://kafka-1:9092';
    },
  );
  add('compose: file store', 'compose STORE_URL=file:///data', /STORE_URL: file:\/\//, (d) => {
    composeService(d, 'rating').environment.STORE_URL = 'file:///data';
  });
  add('compose: memory bus', 'compose EVENT_BUS_URL=memory://', /EVENT_BUS_URL: memory:\/\//, (d) => {
    composeService(d, 'vacancy-1').environment.EVENT_BUS_URL = 'memory://';
  });
  add('compose: published port', 'compose gateway publishing 8081', /publishes container port 8081/, (d) => {
    composeService(d, 'gateway').ports = ['8080:8081'];
  });
  add(
    'compose: a variable nobody reads',
    'compose gateway given STORE_URL',
    /gateway: sets STORE_URL, which the gateway config does not read/,
    (d) => {
      composeService(d, 'gateway').environment.STORE_URL = 'mongodb://mongo:27017/moba';
    },
  );
  return mutations;
}

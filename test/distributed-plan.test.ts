import { distributedPlan, HOT_SERVICES, schemaName, SERVICES } from '../scripts/distributed/plan';

const planFor = (hotInstances: number, prefix = 'run_a') =>
  distributedPlan({
    redisUrl: 'redis://127.0.0.1:6379',
    prefix,
    postgresUrl: 'postgres://moba:secret@127.0.0.1:5432/moba',
    hotInstances,
    portOf: (service, ordinal) => 4101 + SERVICES.indexOf(service) + (ordinal - 1) * 10,
    dataDir: '/data',
    publicUrl: 'http://localhost:8080',
    nodeEnv: 'development',
    logLevel: 'info',
  });

describe('the distributed plan (start:distributed, the kill drill and bench/peak share it)', () => {
  it('runs vacancy, application and notification twice and the others once, the gateway knowing every instance', () => {
    const plan = planFor(2);
    expect(plan.instances.map((i) => `${i.name}:${i.port}`)).toEqual([
      'auth:4101',
      'vacancy-1:4102',
      'vacancy-2:4112',
      'application-1:4103',
      'application-2:4113',
      'rating:4104',
      'payment:4105',
      'notification-1:4106',
      'notification-2:4116',
    ]);
    expect(plan.gatewayEnv.SERVICE_URLS).toContain(
      'vacancy=http://127.0.0.1:4102,http://127.0.0.1:4112;application=',
    );
    expect(HOT_SERVICES).toEqual(['vacancy', 'application', 'notification']);
  });

  it('runs every service once with one hot instance, and refuses any other count', () => {
    expect(planFor(1).instances.map((i) => i.name)).toEqual([...SERVICES]);
    expect(() => planFor(3)).toThrow('HOT_INSTANCES must be 1 or 2');
    expect(() => planFor(0)).toThrow('HOT_INSTANCES must be 1 or 2');
  });

  it("gives a service's instances one PostgreSQL schema and every run its own streams, channel, rate windows and schemas", () => {
    const [a, b] = [planFor(2, 'run_a'), planFor(2, 'run_b')];
    const env = (plan: typeof a, name: string) => plan.instances.find((i) => i.name === name)!.env;
    expect(env(a, 'vacancy-1').STORE_URL).toBe(env(a, 'vacancy-2').STORE_URL);
    expect(env(a, 'vacancy-1').STORE_URL).toBe('postgres://moba:secret@127.0.0.1:5432/moba?schema=run_a');
    expect(schemaName('run-A', 'vacancy')).toBe('run_a_vacancy');
    for (const variable of ['EVENT_BUS_URL', 'FANOUT_URL', 'STORE_URL', 'CLOCK_URL'])
      expect(env(a, 'auth')[variable]).not.toBe(env(b, 'auth')[variable]);
    expect(a.gatewayEnv.RATE_LIMIT_URL).not.toBe(b.gatewayEnv.RATE_LIMIT_URL);
    expect(a.engines.join(' ')).not.toContain('secret');
  });
});

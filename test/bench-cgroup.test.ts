import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cgroupLayout, cpuQuota, createPods, weightOfShares } from '../bench/src/cgroup';

const mounts: string[] = [];
afterAll(() => mounts.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A directory laid out as a cgroup mount: the given files, with their contents. */
function fakeMount(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'cgroup-'));
  mounts.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const read = (...path: string[]) => readFileSync(join(...path), 'utf8');

describe('bench pods: a CPU limit per process from cgroups (bench/peak)', () => {
  test('a limit in cores is a CFS quota of the 100 ms period, never under the kernel minimum of 1 ms', () => {
    expect(cpuQuota(0.25)).toEqual({ quotaUs: 25_000, periodUs: 100_000 });
    expect(cpuQuota(1.5)).toEqual({ quotaUs: 150_000, periodUs: 100_000 });
    expect(cpuQuota(0.5, 20_000)).toEqual({ quotaUs: 10_000, periodUs: 20_000 });
    expect(cpuQuota(0.001)).toEqual({ quotaUs: 1_000, periodUs: 100_000 });
    for (const bad of [0, -1, Number.NaN, Infinity]) expect(() => cpuQuota(bad)).toThrow(RangeError);
  });

  test('a v1 weight (shares) becomes a v2 weight as Kubernetes converts it', () => {
    expect(weightOfShares(2)).toBe(1);
    expect(weightOfShares(1024)).toBe(39);
    expect(weightOfShares(8192)).toBe(313);
    expect(weightOfShares(262_144)).toBe(10_000);
  });

  test('the layout: cgroup v1 cpu (with or without cpuacct), v2 with cpu, and one reason where neither fits', () => {
    const v1 = fakeMount({ 'cpu/cpu.cfs_quota_us': '-1', 'cpuacct/cpuacct.usage': '0' });
    expect(cgroupLayout(v1, 0)).toEqual({ version: 1, cpu: join(v1, 'cpu'), cpuacct: join(v1, 'cpuacct') });
    const v1Bare = fakeMount({ 'cpu/cpu.cfs_quota_us': '-1' });
    expect(cgroupLayout(v1Bare, 0)).toEqual({ version: 1, cpu: join(v1Bare, 'cpu') });
    const v2 = fakeMount({ 'cgroup.controllers': 'cpuset cpu io memory pids\n' });
    expect(cgroupLayout(v2, 0)).toEqual({ version: 2, root: v2 });

    const v2NoCpu = fakeMount({ 'cgroup.controllers': 'memory pids\n' });
    expect(cgroupLayout(v2NoCpu, 0)).toEqual({ skipped: `cgroup v2 at ${v2NoCpu} offers no cpu controller` });
    const empty = fakeMount({});
    expect(cgroupLayout(empty, 0)).toEqual({
      skipped: `neither cgroup v2 nor a cgroup v1 cpu controller at ${empty}`,
    });
    expect(cgroupLayout(v1, 1000)).toEqual({ skipped: 'not root (uid 1000): only root may create cgroups' });
  });

  test('cgroup v1: each pod gets the period, the quota, the weight and the process, and reads its CPU time and throttling', () => {
    const root = fakeMount({ 'cpu/cpu.cfs_quota_us': '-1', 'cpuacct/cpuacct.usage': '0' });
    const made = createPods(cgroupLayout(root, 0), 'peak-1');
    if (!('pods' in made)) throw new Error(made.skipped);
    const pod = made.pods.add('vacancy-2', [4242], { quota: cpuQuota(0.25), shares: 8192 });
    const cpu = join(root, 'cpu', 'peak-1', 'vacancy-2');
    expect(read(cpu, 'cpu.cfs_period_us')).toBe('100000');
    expect(read(cpu, 'cpu.cfs_quota_us')).toBe('25000');
    expect(read(cpu, 'cpu.shares')).toBe('8192');
    expect(read(cpu, 'cgroup.procs')).toBe('4242');
    expect(read(root, 'cpuacct', 'peak-1', 'vacancy-2', 'cgroup.procs')).toBe('4242');

    made.pods.add('gateway', [77], { shares: 8192 }); // weighted, not limited
    expect(existsSync(join(root, 'cpu', 'peak-1', 'gateway', 'cpu.cfs_quota_us'))).toBe(false);
    made.pods.release([4242]);
    expect(read(root, 'cpu', 'cgroup.procs')).toBe('4242');
    expect(read(root, 'cpuacct', 'cgroup.procs')).toBe('4242');

    writeFileSync(join(root, 'cpuacct', 'peak-1', 'vacancy-2', 'cpuacct.usage'), '2500000000\n');
    writeFileSync(join(cpu, 'cpu.stat'), 'nr_periods 200\nnr_throttled 150\nthrottled_time 9000000\n');
    expect(pod.cpuSeconds()).toBe(2.5);
    expect(pod.periods()).toEqual({ periods: 200, throttled: 150 });
  });

  test('cgroup v2: cpu.max holds "quota period", the parent hands the cpu controller down', () => {
    const root = fakeMount({ 'cgroup.controllers': 'cpu memory\n' });
    const made = createPods(cgroupLayout(root, 0), 'peak-2');
    if (!('pods' in made)) throw new Error(made.skipped);
    expect(read(root, 'peak-2', 'cgroup.subtree_control')).toBe('+cpu');
    const pod = made.pods.add('gateway', [77], { quota: cpuQuota(0.5), shares: 1024 });
    expect(read(root, 'peak-2', 'gateway', 'cpu.max')).toBe('50000 100000');
    expect(read(root, 'peak-2', 'gateway', 'cpu.weight')).toBe('39');
    expect(read(root, 'peak-2', 'gateway', 'cgroup.procs')).toBe('77');
    writeFileSync(
      join(root, 'peak-2', 'gateway', 'cpu.stat'),
      'usage_usec 1250000\nuser_usec 1000000\nnr_periods 40\nnr_throttled 3\n',
    );
    expect(pod.cpuSeconds()).toBe(1.25);
    expect(pod.periods()).toEqual({ periods: 40, throttled: 3 });
  });

  test('a cgroup tree that cannot be written is a skip reason, not a crash', () => {
    const root = fakeMount({ 'cpu/cpu.cfs_quota_us': '-1', 'cpu/peak-3': 'a file where the group would go' });
    expect(createPods(cgroupLayout(root, 0), 'peak-3/pods')).toEqual({
      skipped: `cannot make cgroups under ${join(root, 'cpu')}: ENOTDIR`,
    });
    expect(createPods({ skipped: 'not root (uid 5)' }, 'peak-4')).toEqual({
      skipped: 'not root (uid 5)',
    });
  });
});

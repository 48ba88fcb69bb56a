import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Pods with a CPU limit on one machine, as Kubernetes enforces `resources.limits.cpu`: each process
 * in a cgroup of its own with a CFS quota (cgroup v1: `cpu.cfs_quota_us` / `cpu.cfs_period_us`;
 * cgroup v2: `cpu.max`). The kernel then lets the process run `quota` µs of CPU in every `period`
 * µs, however idle the machine is, so instances can be compared by what their limits allow. A pod's
 * weight (v1 `cpu.shares`, v2 `cpu.weight`) is what a Kubernetes request sets: its share of a busy
 * machine against other processes.
 */

/** The kernel's default CFS period, which Kubernetes uses too. */
export const CFS_PERIOD_US = 100_000;
/** The smallest quota the kernel accepts. */
const MIN_QUOTA_US = 1_000;
/** cgroup v1's default `cpu.shares` (an ordinary process's weight); v2's `cpu.weight` default is 100. */
export const DEFAULT_SHARES = 1024;

/** What a pod asks of the CPU: a limit (a quota) and a weight against other processes (v1 shares). */
export interface PodCpu {
  quota?: CpuQuota;
  shares?: number;
}

/** cgroup v1 shares as a cgroup v2 weight, by the formula Kubernetes uses (1024 → 39, 8192 → 313). */
export const weightOfShares = (shares: number) => 1 + Math.floor(((shares - 2) * 9999) / 262_142);

export interface CpuQuota {
  quotaUs: number;
  periodUs: number;
}

/** The CFS quota of a limit in cores (0.25 → 25,000 µs of every 100,000 µs). */
export function cpuQuota(cores: number, periodUs: number = CFS_PERIOD_US): CpuQuota {
  if (!Number.isFinite(cores) || cores <= 0)
    throw new RangeError(`a CPU limit must be above 0 cores: ${cores}`);
  return { quotaUs: Math.max(MIN_QUOTA_US, Math.round(cores * periodUs)), periodUs };
}

/** Where the cpu controller is mounted, or why pods cannot be made here. */
export type CgroupLayout =
  { version: 1; cpu: string; cpuacct?: string } | { version: 2; root: string } | { skipped: string };

export function cgroupLayout(root = '/sys/fs/cgroup', uid = process.getuid?.() ?? -1): CgroupLayout {
  if (uid !== 0) return { skipped: `not root (uid ${uid}): only root may create cgroups` };
  if (existsSync(join(root, 'cgroup.controllers'))) {
    const controllers = readFileSync(join(root, 'cgroup.controllers'), 'utf8').split(/\s+/);
    if (!controllers.includes('cpu')) return { skipped: `cgroup v2 at ${root} offers no cpu controller` };
    return { version: 2, root };
  }
  if (existsSync(join(root, 'cpu', 'cpu.cfs_quota_us'))) {
    const cpuacct = join(root, 'cpuacct');
    return {
      version: 1,
      cpu: join(root, 'cpu'),
      ...(existsSync(join(cpuacct, 'cpuacct.usage')) ? { cpuacct } : {}),
    };
  }
  return { skipped: `neither cgroup v2 nor a cgroup v1 cpu controller at ${root}` };
}

/** One process's cgroup: its CPU time and how often the quota stopped it. */
export interface Pod {
  name: string;
  /**
   * CPU seconds the pod's processes used since they joined it (a cgroup counts from its making, and
   * a process brings none of its earlier time); undefined where no CPU accounting is mounted.
   */
  cpuSeconds(): number | undefined;
  /** CFS periods in which the pod ran, and those in which it used up its quota and was stopped. */
  periods(): { periods: number; throttled: number };
}

const statFields = (text: string) =>
  new Map(
    text
      .split('\n')
      .map((line) => line.split(' '))
      .map(([key, value]) => [key, Number(value)]),
  );

/**
 * A set of pods under one parent cgroup named `group`. Answers why it is not possible instead of
 * throwing (not root, no cpu controller, a read-only cgroup tree).
 */
export function createPods(layout: CgroupLayout, group: string): { pods: PodSet } | { skipped: string } {
  if ('skipped' in layout) return layout;
  const parents = layout.version === 1 ? [layout.cpu, layout.cpuacct] : [layout.root];
  try {
    for (const parent of parents) if (parent) mkdirSync(join(parent, group), { recursive: true });
    // cgroup v2: a child gets the cpu files only when its parent hands the controller down.
    if (layout.version === 2) writeFileSync(join(layout.root, group, 'cgroup.subtree_control'), '+cpu');
  } catch (error) {
    return {
      skipped: `cannot make cgroups under ${parents[0]}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    };
  }
  return { pods: podSet(layout, group) };
}

/** Moves one process into a cgroup; one that has ended meanwhile (a database backend closing) is skipped. */
function enterPod(dir: string, pid: number) {
  try {
    writeFileSync(join(dir, 'cgroup.procs'), String(pid));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function podSet(layout: Exclude<CgroupLayout, { skipped: string }>, group: string) {
  const parents = layout.version === 1 ? [layout.cpu, layout.cpuacct] : [layout.root];
  /** The cgroups made, in order (the parent group first). */
  const made = parents.filter((p): p is string => p !== undefined).map((p) => join(p, group));
  return {
    /**
     * Moves running processes (each with all its threads) into a new pod named `name`, with its
     * limit and weight; without a quota the pod is not limited, only weighted.
     */
    add(name: string, pids: number[], { quota, shares }: PodCpu): Pod {
      const enter = (dir: string) => pids.forEach((pid) => enterPod(dir, pid));
      if (layout.version === 1) {
        const cpu = join(layout.cpu, group, name);
        const acct = layout.cpuacct && join(layout.cpuacct, group, name);
        mkdirSync(cpu);
        made.push(cpu);
        if (quota) {
          writeFileSync(join(cpu, 'cpu.cfs_period_us'), String(quota.periodUs));
          writeFileSync(join(cpu, 'cpu.cfs_quota_us'), String(quota.quotaUs));
        }
        if (shares !== undefined) writeFileSync(join(cpu, 'cpu.shares'), String(shares));
        enter(cpu);
        if (acct) {
          mkdirSync(acct);
          made.push(acct);
          enter(acct);
        }
        return {
          name,
          cpuSeconds: () =>
            acct ? Number(readFileSync(join(acct, 'cpuacct.usage'), 'utf8')) / 1e9 : undefined,
          periods: () => {
            const stat = statFields(readFileSync(join(cpu, 'cpu.stat'), 'utf8'));
            return { periods: stat.get('nr_periods') ?? 0, throttled: stat.get('nr_throttled') ?? 0 };
          },
        };
      }
      const dir = join(layout.root, group, name);
      mkdirSync(dir);
      made.push(dir);
      if (quota) writeFileSync(join(dir, 'cpu.max'), `${quota.quotaUs} ${quota.periodUs}`);
      if (shares !== undefined) writeFileSync(join(dir, 'cpu.weight'), String(weightOfShares(shares)));
      enter(dir);
      const stat = () => statFields(readFileSync(join(dir, 'cpu.stat'), 'utf8'));
      return {
        name,
        cpuSeconds: () => (stat().get('usage_usec') ?? 0) / 1e6,
        periods: () => ({
          periods: stat().get('nr_periods') ?? 0,
          throttled: stat().get('nr_throttled') ?? 0,
        }),
      };
    },
    /** Moves processes that outlive their pods back to the root cgroup (one already gone is skipped). */
    release(pids: number[]) {
      for (const root of parents) if (root) for (const pid of pids) enterPod(root, pid);
    },
    /**
     * Removes the pods and their parent once their processes have exited (a cgroup that still holds
     * a process stays); answers how many are left.
     */
    remove(): number {
      // Children before their parent: the reverse of the making.
      const left = [...made].reverse().filter((dir) => {
        try {
          rmdirSync(dir);
          return false;
        } catch (error) {
          return (error as NodeJS.ErrnoException).code !== 'ENOENT';
        }
      });
      made.splice(0, made.length, ...left.reverse());
      return made.length;
    },
  };
}
export type PodSet = ReturnType<typeof podSet>;

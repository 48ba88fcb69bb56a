import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux on every common architecture). */
const TICKS = 100;

/** user + system CPU time of a process in seconds, from /proc/<pid>/stat; undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return undefined;
  }
}

/** Busy and total seconds of the whole machine (every core), from /proc/stat. */
export function machineSeconds() {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = cpu.split(/\s+/).slice(1).map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/**
 * The PostgreSQL backends serving `database`: their process title names it, after the cluster's name
 * where one is set ("postgres: 15/main: user db host(port) idle").
 */
export function postgresBackends(database: string): number[] {
  const title = new RegExp(`^postgres: (?:\\S+: )?\\S+ ${database.replace(/[^\w]/g, '\\$&')} `);
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (title.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) pids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

/**
 * CPU use per named group of processes between start() and stop(), as a share of one core (1.0 = one
 * core busy all the time); a group may hold several pids (the PostgreSQL backends of one database).
 */
export function cpuSampler(groups: () => Map<string, number[]>) {
  // Per pid: a process that ends during the run (a pooled PostgreSQL connection closed when idle)
  // drops out instead of subtracting its earlier time; one that starts counts from zero.
  let before = new Map<number, number>();
  let machineBefore = machineSeconds();
  let started = 0;
  return {
    start() {
      before = new Map([...groups().values()].flat().map((pid) => [pid, cpuSeconds(pid) ?? 0] as const));
      machineBefore = machineSeconds();
      started = performance.now();
    },
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const machine = machineSeconds();
      const shares = new Map<string, number>();
      for (const [name, pids] of groups()) {
        let used = 0;
        for (const pid of pids) {
          const now = cpuSeconds(pid);
          if (now !== undefined) used += now - (before.get(pid) ?? 0);
        }
        shares.set(name, used / seconds);
      }
      return {
        shares,
        /** Busy share of the whole machine (all cores together, every process of every user). */
        machineBusy: (machine.busy - machineBefore.busy) / (machine.total - machineBefore.total),
      };
    },
  };
}

/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or a bench run with BENCH_CPU_PROF_DIR): the
 * functions with the most self time and the most total time (self plus what they called), as shares
 * of the profiled time. Shares, not milliseconds: two profiles of runs of different length compare.
 *
 * Run: npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top=25] [filter: a part of a file path]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg = '25', filter] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary <file.cpuprofile> [top] [path filter]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const top = Number(topArg);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) => {
  const where = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/');
  return `${functionName || '(anonymous)'} ${where ? `${where.split('/').slice(-3).join('/')}:${lineNumber + 1}` : ''}`;
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id)!;
  if (node.callFrame.functionName === '(idle)') {
    idle += micros;
    return;
  }
  all += micros;
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + micros);
  // Each function once per sample, however deep it recurses.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const name = nameOf(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + micros);
  }
});

const print = (title: string, values: Map<string, number>) => {
  console.log(`\n${title}`);
  [...values]
    .filter(([name]) => !filter || name.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([name, micros]) => console.log(`${((100 * micros) / all).toFixed(1).padStart(6)} %  ${name}`));
};
console.log(`${(all / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle`);
print('self time (share of busy time)', self);
print('total time (share of busy time)', total);

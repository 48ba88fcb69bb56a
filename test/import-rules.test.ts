import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * The import rules of `.dependency-cruiser.cjs` (run by `npm run lint:deps`) are proven here on a
 * small tree that breaks each of them once, beside files that keep them: every breach is named by its
 * rule (a circle once, where it is first entered), and nothing else is.
 */
const run = promisify(execFile);
const repo = resolve(__dirname, '..');
const depcruise = join(repo, 'node_modules', '.bin', 'depcruise');

let tree: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
};

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'import-rules-'));
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'commonjs', strict: true } }));
  // kept: a use case may read the store and the domain; the domain reads contracts-like helpers only
  write('services/alpha/src/store.ts', 'export const store = { rows: [] as string[] };\n');
  write(
    'services/alpha/src/domain/rule.ts',
    "import type { Shape } from './shape';\nexport const ok = (s: Shape) => s.n > 0;\n",
  );
  write('services/alpha/src/domain/shape.ts', 'export interface Shape { n: number }\n');
  write(
    'services/alpha/src/use-case/do-it.ts',
    "import { store } from '../store';\nimport { ok } from '../domain/rule';\nexport const doIt = () => ok({ n: store.rows.length });\n",
  );
  // broken: the domain reads the store and the context
  write('services/alpha/src/context.ts', "import { store } from './store';\nexport const ctx = { store };\n");
  write(
    'services/alpha/src/domain/impure.ts',
    "import { ctx } from '../context';\nexport const count = () => ctx.store.rows.length;\n",
  );
  // broken: one service imports another
  write(
    'services/beta/src/steal.ts',
    "import { doIt } from '../../alpha/src/use-case/do-it';\nexport const stolen = doIt;\n",
  );
  // broken: a circle through a type import
  write(
    'libs/lib/src/a.ts',
    "import type { B } from './b';\nexport interface A { b?: B }\nexport const a = 1;\n",
  );
  write(
    'libs/lib/src/b.ts',
    "import { a } from './a';\nexport interface B { a: number }\nexport const b = a;\n",
  );
  // web: through the index is kept, into another feature's insides is broken
  write('web/src/features/one/index.ts', "export { Part } from './Part';\n");
  write('web/src/features/one/Part.ts', 'export const Part = 1;\n');
  write('web/src/features/two/uses-index.ts', "import { Part } from '../one';\nexport const x = Part;\n");
  write(
    'web/src/features/two/reaches-in.ts',
    "import { Part } from '../one/Part';\nexport const y = Part;\n",
  );
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function violations(): Promise<Violation[]> {
  const config = join(repo, '.dependency-cruiser.cjs');
  const args = ['libs', 'services', 'web/src', '--config', config, '--output-type', 'json'];
  // depcruise exits non-zero when it finds errors; its JSON is on stdout either way
  const output = await run(depcruise, args, { cwd: tree }).catch((error: { stdout: string }) => error);
  return JSON.parse(output.stdout).summary.violations;
}

test('each import rule names its breach, and the kept imports pass', async () => {
  const found = (await violations()).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  expect(found).toEqual(
    [
      'domain-is-pure: services/alpha/src/domain/impure.ts → services/alpha/src/context.ts',
      'no-circular: libs/lib/src/a.ts → libs/lib/src/b.ts',
      'services-do-not-import-each-other: services/beta/src/steal.ts → services/alpha/src/use-case/do-it.ts',
      'web-features-meet-at-their-index: web/src/features/two/reaches-in.ts → web/src/features/one/Part.ts',
    ].sort(),
  );
}, 60_000);

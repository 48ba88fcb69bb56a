import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * docs/architecture.md names real files and folders; a rename that forgets the page makes this fail.
 * Checked: every inline code span that looks like a repository path (a '/' and an extension, or a
 * trailing '/'). A `<name>` segment is a placeholder: some entry of that folder must fit it.
 */
const repo = resolve(__dirname, '..');
const page = readFileSync(join(repo, 'docs', 'architecture.md'), 'utf8');

const looksLikePath = (span: string) =>
  !/[\s:{}()*]/.test(span) &&
  !span.startsWith('/') &&
  span.includes('/') &&
  (span.endsWith('/') || /\.[a-z]+$/i.test(span));

export function pathsIn(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...new Set(spans.filter(looksLikePath))];
}

/** Whether the path exists, reading each `<placeholder>` segment as "any entry of that folder". */
export function existsInRepo(path: string, root = repo): boolean {
  const [segment, ...rest] = path.split('/').filter(Boolean);
  if (segment === undefined) return true;
  const candidates = segment.includes('<')
    ? listing(root).filter((entry) =>
        new RegExp(`^${segment.replace(/[.+^$|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '.+')}$`).test(entry),
      )
    : [segment];
  return candidates.some(
    (entry) => existsSync(join(root, entry)) && existsInRepo(rest.join('/'), join(root, entry)),
  );
}

const listing = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe('docs/architecture.md', () => {
  const paths = pathsIn(page);

  it('names files and folders of the repository', () => {
    expect(paths.length).toBeGreaterThan(50);
  });

  it.each(paths)('%s exists', (path) => {
    expect(existsInRepo(path)).toBe(true);
  });

  it('checks what it claims: a missing path and a placeholder with no match fail', () => {
    expect(pathsIn('see `gateway/src/app.ts`, `web/src/`, `npm start`, `/api/ws/<userId>`')).toEqual([
      'gateway/src/app.ts',
      'web/src/',
    ]);
    expect(existsInRepo('gateway/src/no-such-file.ts')).toBe(false);
    expect(existsInRepo('services/<name>/src/service.ts')).toBe(true);
    expect(existsInRepo('services/<name>/src/no-such-file.ts')).toBe(false);
  });
});

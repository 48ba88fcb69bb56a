/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_NAMES } from '../../src/components/icon-names';

const sprite = readFileSync(path.resolve(__dirname, '../../public/icons/sprite.svg'), 'utf8');

test('the sprite holds one symbol for each icon name, and no other', () => {
  const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
  expect([...ids].sort()).toEqual([...ICON_NAMES].sort());
});

test('the symbols set no colour or line of their own: the <svg> that uses them does (filled icons too)', () => {
  expect(sprite).not.toMatch(/\s(fill|stroke[a-z-]*)=/);
  expect(sprite.match(/viewBox="0 0 24 24"/g)).toHaveLength(ICON_NAMES.length);
});

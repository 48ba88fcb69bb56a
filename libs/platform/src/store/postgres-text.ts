/**
 * PostgreSQL's text and jsonb cannot hold U+0000, which JSON and the other stores keep; a string
 * with it would fail the write (a 500 for a hostile request). Strings are stored with a reversible
 * escape instead: U+E000 (private use) marks `E e` = U+E000 itself and `E 0` = U+0000. Filters are
 * encoded the same way, so equality and indexes still hold.
 */
const MARK = '\uE000';
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g; // a JSON \u0000 escape, not an escaped backslash before "u0000"

export function encodeJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!json.includes('\\u0000') && !json.includes(MARK)) return json;
  return json.replaceAll(MARK, `${MARK}e`).replace(NUL_ESCAPE, `$1${MARK}0`);
}

export function decodeJson(text: string): unknown {
  if (!text.includes(MARK)) return JSON.parse(text);
  return JSON.parse(text.replace(/\uE000([0e])/g, (_, code: string) => (code === '0' ? '\\u0000' : MARK)));
}

export const encodeText = (text: string) =>
  text.replaceAll(MARK, `${MARK}e`).replaceAll('\u0000', `${MARK}0`);

/**
 * PostgreSQL's text and jsonb cannot hold U+0000 or a lone UTF-16 surrogate, which JSON and the other
 * stores keep; such a string would fail the write (a 500 for a hostile request). Strings are stored
 * with a reversible escape instead: U+E000 (private use) marks `E e` = U+E000 itself, `E 0` = U+0000
 * and `E s d800` = the lone surrogate U+D800. Filters are encoded the same way, so equality and
 * indexes still hold.
 */
const MARK = '\uE000';
// JSON.stringify writes U+0000 and lone surrogates (only those) as \u escapes; an escaped backslash
// before "u0000" is not one.
const ESCAPES = /(?<!\\)((?:\\\\)*)\\u(0000|d[89a-f][0-9a-f]{2})/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function encodeJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!json.includes('\\u') && !json.includes(MARK)) return json;
  return json
    .replaceAll(MARK, `${MARK}e`)
    .replace(
      ESCAPES,
      (_, slashes: string, hex: string) => `${slashes}${MARK}${hex === '0000' ? '0' : `s${hex}`}`,
    );
}

export function decodeJson(text: string): unknown {
  if (!text.includes(MARK)) return JSON.parse(text);
  return JSON.parse(
    text.replace(
      /\uE000(?:([0e])|s([0-9a-f]{4}))/g,
      (_, code: string | undefined, hex: string | undefined) =>
        hex ? `\\u${hex}` : code === '0' ? '\\u0000' : MARK,
    ),
  );
}

export const encodeText = (text: string) =>
  text
    .replaceAll(MARK, `${MARK}e`)
    .replaceAll('\u0000', `${MARK}0`)
    .replace(LONE_SURROGATE, (unit) => `${MARK}s${unit.charCodeAt(0).toString(16)}`);

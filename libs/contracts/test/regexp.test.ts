import { escapeRegExp } from '../src/regexp';

describe('escapeRegExp', () => {
  it.each(['a.b', '+381 64', '(x|y)*', 'a[b-c]\\d', '^$?{2}'])(
    'matches %p literally and nothing else',
    (text) => {
      const re = new RegExp(`^${escapeRegExp(text)}$`);
      expect(re.test(text)).toBe(true);
      expect(re.test(`${text}x`)).toBe(false);
    },
  );

  it('is safe inside a character class', () => {
    const re = new RegExp(`^[${escapeRegExp('a-z]')}]+$`);
    expect(re.test('a-z]')).toBe(true);
    expect(re.test('b')).toBe(false);
  });
});

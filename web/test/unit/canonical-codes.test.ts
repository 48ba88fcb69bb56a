import i18next from 'i18next';
import { rememberCanonicalCodes } from '../../src/lib/canonical-codes';

test('a language code is canonicalised once, not on every t() call', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'sr-Latn',
    supportedLngs: ['sr-Latn', 'sr-Cyrl', 'en'],
    load: 'currentOnly',
    fallbackLng: false,
    resources: { 'sr-Latn': { translation: { hello: 'Zdravo, {{name}}' } } },
    showSupportNotice: false,
  });
  rememberCanonicalCodes(i18n);
  const canonicalise = jest.spyOn(Intl, 'getCanonicalLocales');
  try {
    const texts = Array.from({ length: 100 }, (_, n) => i18n.t('hello', { name: `Ana ${n}` }));
    expect(texts[99]).toBe('Zdravo, Ana 99');
    expect(i18n.t('hello', { lng: 'sr-Cyrl', name: 'x' })).toBe('hello');
    expect(canonicalise.mock.calls.map(([code]) => code)).toEqual(['sr-Latn', 'sr-Cyrl']);
  } finally {
    canonicalise.mockRestore();
  }
});

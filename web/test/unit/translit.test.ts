import { latinToCyrillic, mapStrings, unmark } from '../../src/lib/translit';

describe('Serbian Latin to Cyrillic transliteration', () => {
  test('every letter of the Latin alphabet maps to its Cyrillic letter', () => {
    expect(latinToCyrillic('abcčćdđefghijklmnoprsštuvzž')).toBe('абцчћдђефгхијклмнопрсштувзж');
    expect(latinToCyrillic('ABCČĆDĐEFGHIJKLMNOPRSŠTUVZŽ')).toBe('АБЦЧЋДЂЕФГХИЈКЛМНОПРСШТУВЗЖ');
  });

  test('the digraphs lj, nj and dž become one letter in every casing', () => {
    expect(latinToCyrillic('ljubav njiva džak')).toBe('љубав њива џак');
    expect(latinToCyrillic('Ljubav Njiva Džak')).toBe('Љубав Њива Џак');
    expect(latinToCyrillic('LJUBAV NJIVA DŽAK')).toBe('ЉУБАВ ЊИВА ЏАК');
  });

  test('a whole sentence reads as Serbian Cyrillic', () => {
    expect(latinToCyrillic('Prva istaknuta moba je besplatna!')).toBe('Прва истакнута моба је бесплатна!');
  });

  test('interpolations, tags, nestings, e-mail addresses and URLs are kept as they are', () => {
    expect(latinToCyrillic('pre {{count}} minuta')).toBe('пре {{count}} минута');
    expect(latinToCyrillic('Prihvatam <1>politiku privatnosti</1>.')).toBe(
      'Прихватам <1>политику приватности</1>.',
    );
    expect(latinToCyrillic('pišite na kontakt@moba.rs danas')).toBe('пишите на kontakt@moba.rs данас');
    expect(latinToCyrillic('vidi https://moba.rs/media sada')).toBe('види https://moba.rs/media сада');
    expect(latinToCyrillic('$t(common:nav.home) ovde')).toBe('$t(common:nav.home) овде');
  });

  test('text marked [[like this]] stays Latin and loses its marks; the Latin locale loses them too', () => {
    expect(latinToCyrillic('aplikacija [[WhatsApp]] radi')).toBe('апликација WhatsApp ради');
    expect(unmark('aplikacija [[WhatsApp]] radi')).toBe('aplikacija WhatsApp radi');
  });

  test('digits and punctuation pass through', () => {
    expect(latinToCyrillic('1.500 RSD, 07:00–16:00')).toBe('1.500 РСД, 07:00–16:00');
  });

  test('a whole namespace is converted value by value, keys untouched', () => {
    expect(mapStrings({ nav: { home: 'Početna' }, list: ['jedan', 2], ok: true }, latinToCyrillic)).toEqual({
      nav: { home: 'Почетна' },
      list: ['један', 2],
      ok: true,
    });
  });
});

import { foldForMatch, inScript, toCyrillic, toLatin } from '../src';

describe('Serbian Latin to Cyrillic, as Serbian Wikipedia converts', () => {
  test.each([
    ['Milena Petrović', 'Милена Петровић'],
    ['Berba malina u Arilju', 'Берба малина у Ариљу'],
    ['ljubav njiva džak', 'љубав њива џак'],
    ['Ljubav Njiva Džak', 'Љубав Њива Џак'],
    ['LJUBAV NJIVA DŽAK', 'ЉУБАВ ЊИВА ЏАК'],
    ['Đorđe Šćepanović', 'Ђорђе Шћепановић'],
    ['injekcija, konjugacija, nadživeti, podžanr', 'инјекција, конјугација, надживети, поджанр'],
    ['Berba 2026: 3.000 RSD dnevno!', 'Берба 2026: 3.000 РСД дневно!'],
    ['E-mail adresa, potvrda e-maila', 'Имејл адреса, потврда имејла'],
  ])('%s → %s', (latin, cyrillic) => {
    expect(toCyrillic(latin)).toBe(cyrillic);
  });

  test.each([
    ['pišite na milena.petrovic@moba.rs danas', 'пишите на milena.petrovic@moba.rs данас'],
    ['vidi https://moba.rs/mobe?grad=Arilje sada', 'види https://moba.rs/mobe?grad=Arilje сада'],
    ['sajt www.moba.rs radi', 'сајт www.moba.rs ради'],
    ['imamo WiFi i iPhone punjač', 'имамо WiFi и iPhone пуњач'],
    ['Wi-Fi, Yamaha i Sony u kući', 'Wi-Fi, Yamaha и Sony у кући'],
    ['XIV vek, Petar II', 'XIV век, Петар II'],
  ])('leaves e-mails, URLs and foreign words alone: %s', (latin, cyrillic) => {
    expect(toCyrillic(latin)).toBe(cyrillic);
  });

  test('Cyrillic text stays as it is', () => {
    expect(toCyrillic('Берба у Ариљу')).toBe('Берба у Ариљу');
  });
});

describe('Serbian Cyrillic to Latin', () => {
  test.each([
    ['Милена Петровић', 'Milena Petrović'],
    ['Берба малина у Ариљу', 'Berba malina u Arilju'],
    ['Љубав Њива Џак', 'Ljubav Njiva Džak'],
    ['ЉУБАВ', 'LJUBAV'],
    ['ЉУ', 'LJU'],
    ['Љ', 'Lj'],
    ['Ђорђе Шћепановић', 'Đorđe Šćepanović'],
    ['пишите на kontakt@moba.rs', 'pišite na kontakt@moba.rs'],
  ])('%s → %s', (cyrillic, latin) => {
    expect(toLatin(cyrillic)).toBe(latin);
  });

  test('a round trip keeps Serbian text', () => {
    const text = 'Tražimo berače malina, smeštaj i hrana obezbeđeni. Džakovi i ljestve su naši.';
    expect(toLatin(toCyrillic(text))).toBe(text);
  });

  test('inScript picks the direction by the reader', () => {
    expect(inScript('Милена', 'Latn')).toBe('Milena');
    expect(inScript('Milena', 'Cyrl')).toBe('Милена');
    expect(inScript('Milena', 'Latn')).toBe('Milena');
  });
});

describe('the match key of a name', () => {
  test.each([
    ['Ариље', 'Arilje'],
    ['ARILJE', 'arilje'],
    ['Čačak', 'Cacak'],
    ['Чачак', 'cacak'],
    ['Đurđevo', 'Djurdjevo'],
    ['Ђурђево', 'durdevo'],
    ['Bačka Palanka', 'backa-palanka'],
    ['  Novi   Sad ', 'Нови Сад'],
  ])('%s and %s compare equal', (a, b) => {
    expect(foldForMatch(a)).toBe(foldForMatch(b));
  });

  test('different names stay different', () => {
    expect(foldForMatch('Arilje')).not.toBe(foldForMatch('Arilja'));
    expect(foldForMatch('Novi Sad')).not.toBe(foldForMatch('Novi Pazar'));
  });
});

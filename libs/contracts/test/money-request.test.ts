import { findMoneyRequest } from '../src/money-request';
import { createVacancySchema } from '../src/api/vacancy';
import { mobaFields } from '../../../test/support/moba-fields';

/** Texts that ask workers for money, in Latin (with and without diacritics), Cyrillic and English. */
const asking = [
  'Potrebna uplata depozita pre dolaska.',
  'Depozit 5000 din, vraća se na kraju sezone.',
  'Депозит 3000 динара, враћа се после бербе.',
  'Kotizacija za prijavu je 1500 dinara.',
  'Котизација за пријаву 1.500 динара.',
  'Pošaljite novac za prevoz na naš račun.',
  'Posaljite novac za prevoz i smestaj.',
  'Пошаљите новац за превоз.',
  'Plaćate unapred 2.000 din za smeštaj.',
  'Placate unapred smestaj i hranu.',
  'Плаћате унапред смештај.',
  'Uplatite 2000 dinara na tekući račun.',
  'Uplatite rezervaciju mesta.',
  'Уплатите 2000 динара.',
  'Uplata 2000 din za smeštaj.',
  'Uplata od 3000 rsd pre početka.',
  'Уплата 1500 динара за смештај.',
  'Uz uplatu akontacije dobijate mesto.',
  'Prvo uplata pa dolazak.',
  'Broj računa: 160-0000000123456-78',
  'Račun 160000000012345678 na ime vlasnika.',
  'Uplate na 160-5100000012345-12 do petka.',
  'Broj kartice 4111 1111 1111 1111 za uplatu.',
  'Western Union na ime Petar.',
  'Naknada za prijavu 500 dinara.',
  'Taksa za posredovanje 1000 din.',
  'Kaucija za smeštaj 2000 din.',
  'Članarina udruženja berača 1000 din.',
  'Clanarina 1000 din godisnje.',
  'Novac unapred za autobus.',
  'Pare unapred za prevoz.',
  'Send money for the bus ticket first.',
  'Registration fee 20 EUR, pay in advance.',
  'Prebacite iznos na broj računa koji dobijete porukom.',
  'PLATITE UNAPRED PREVOZ',
  'Smeštaj obezbeđen, uplata za smeštaj 500 din dnevno.',
];

/** Ordinary listings: wages paid by the estate, and saying there is nothing to pay. */
const ordinary = [
  'Plata 4000 dinara dnevno, isplata svake subote.',
  'Uplata zarade isti dan.',
  'Uplata zarade isti dan na račun radnika.',
  'Уплата зараде исти дан.',
  'Uplata plate svakog petka.',
  'Uplata dnevnice na kraju dana.',
  'Isplata u kešu na kraju dana.',
  'Plata po dogovoru, redovna isplata.',
  'Плата 4.000 динара дневно.',
  'Dnevnica 3500 din, ručak i užina obezbeđeni.',
  'Bez depozita i bez ikakvih troškova za radnike.',
  'Ne tražimo nikakvu uplatu od radnika.',
  'Nema kotizacije, prevoz plaćamo mi.',
  'Без депозита, превоз обезбеђен.',
  'Berba malina kod Arilja, rad od 7 do 15h.',
  'Потребни берачи малина, ручак обезбеђен.',
  'Potrebni beraci visanja, smestaj besplatan.',
  'Plaćamo prevoz iz Čačka svakog jutra.',
  'Placamo prevoz i hranu.',
  'Rad na njivi, 8 sati dnevno, 4.000 RSD neto.',
  'Berba jabuka u Grockoj, 10 radnika, početak 1. septembra.',
  'Zarada po kilogramu, 40 din po kg.',
  'Norma 200 kg, cena norme 3000 din.',
  'Smeštaj u kući domaćina, tri obroka dnevno.',
  'Pay is 40 EUR a day, paid every evening.',
  'No fee, no deposit, transport provided.',
  'Isplata na tekući račun radnika ili u gotovini.',
  'Uplata na račun radnika svake nedelje.',
  'Kontakt preko platforme, posao počinje u ponedeljak.',
  'Radno vreme 6–14h, pauza za doručak.',
  'Tražimo ekipu od 10 ljudi, vođa grupe dobija bonus.',
  'Posao traje 12 dana, 2026. godina, sezona višanja.',
  'Plata veća za iskusne berače, isplata nedeljno.',
];

describe('money-request detector', () => {
  test('has at least 30 asking and 30 ordinary texts', () => {
    expect(asking.length).toBeGreaterThanOrEqual(30);
    expect(ordinary.length).toBeGreaterThanOrEqual(30);
  });
  test.each(asking)('asks for money: %s', (text) => {
    expect(findMoneyRequest(text)).not.toBeNull();
  });
  test.each(ordinary)('ordinary: %s', (text) => {
    expect(findMoneyRequest(text)).toBeNull();
  });
});

describe('the create-vacancy schema refuses a money request naming the field', () => {
  const base = mobaFields('2026-07-01', '2026-07-05');
  test.each([
    ['title', { title: 'Berba — depozit 2000 din' }],
    ['description', { description: 'Пошаљите новац за превоз.' }],
  ])('in the %s', (field, change) => {
    const result = createVacancySchema().safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field)!;
    expect(issue).toBeDefined();
    expect(JSON.stringify(issue)).toContain('money_request');
  });
  test('an ordinary listing that says "uplata zarade isti dan" passes', () => {
    expect(
      createVacancySchema().safeParse({ ...base, description: 'Plata 4000, uplata zarade isti dan.' })
        .success,
    ).toBe(true);
  });
});

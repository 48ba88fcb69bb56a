import { containsPhoneNumber, findPhoneNumbers } from '@moba/contracts';

describe('the phone-number detector in vacancy descriptions', () => {
  const phones: [string, string][] = [
    ['a spaced mobile', 'Berači malina, zovite 064 123 4567 posle 17h'],
    ['a slashed and dashed mobile', 'Informacije na tel: 064/123-45-67'],
    ['a mobile in one block', 'Javite se na 0641234567 za dogovor'],
    ['a dotted mobile', 'Kontakt 064.123.45.67, Marko'],
    ['a +381 mobile with spaces', 'Pozovite +381 64 123 4567'],
    ['a +381 mobile in one block', 'Viber +381641234567'],
    ['a 00381 mobile', 'iz inostranstva 00381 64 1234567'],
    ['a +381 mobile with the trunk zero in parentheses', 'Tel. +381 (0)64 123-4567'],
    ['a Belgrade landline in parentheses', 'Kancelarija (011) 2345-678'],
    ['a Novi Sad landline with a slash', 'Zadruga 021/456-789'],
    ['a spaced Belgrade landline', 'fiksni 011 3456 789'],
    ['a mobile spelled digit by digit', 'broj je 0 6 4 1 2 3 4 5 6 7'],
    ['a mobile with the letter O for the zero', 'zovi O64 123 4567'],
    ['a dashed mobile in pairs', 'pozovite 065-555-12-34 posle 17h'],
    ['a Bosnian number', 'za radnike iz BiH: +387 65 123 456'],
    ['381 without the plus', 'whatsapp 381 63 8765432'],
    ['a mobile without the trunk zero', 'poziv na 64 123 4567'],
    ['a mobile in mixed groups', '063 12 34 567, Marko'],
    ['a short dotted 060 mobile', 'Info na 060.555.222'],
    ['a mobile right after a price', 'plata 2500 064 1234567'],
    ['a four-digit area code landline', 'kontakt 0230/123-456'],
    ['a mobile with spaced slash', 'Javite se: 069 / 222 333 4'],
    ['a mobile in 3-4-3 groups', 'Dragan 062-1234-567'],
    ['a mobile in Serbian words', 'zovite nula šest četiri jedan dva tri četiri pet šest sedam'],
    [
      'a mobile in Serbian words without diacritics',
      'Nula sest cetiri, jedan dva tri, cetiri pet sest sedam',
    ],
    ['a mobile in Cyrillic words', 'позовите нула шест четири један два три четири пет шест седам'],
    ['a mobile in English words', 'call zero six four one two three four five six seven'],
    ['tens in words and digits mixed', 'broj: nula šezdeset četiri 123 45 67'],
    ['a mobile in words with dashes', 'nula-šest-tri-osam-sedam-šest-pet-četiri-tri-dva'],
  ];
  it.each(phones)('flags %s', (_label, text) => {
    expect(findPhoneNumbers(text)).not.toHaveLength(0);
  });

  const clean: [string, string][] = [
    ['dates with dots', 'Berba malina od 01.06.2025. do 30.06.2025.'],
    ['a price with a thousands dot and an hour range', 'Dnevnica 2.500 RSD, rad od 07-16h'],
    ['counts', 'Potrebno 15 berača, smeštaj za 10 ljudi'],
    ['clock times', 'Radno vreme 07:00-16:00, pauza 30 min'],
    ['prices and quantities', 'Cena 40 din po kg, norma 200 kg'],
    ['a salary range', 'Plata 60.000 - 65.000 din mesečno'],
    ['a date range with a day count', 'Period 15.07.2025 - 30.08.2025, 45 dana'],
    ['areas and tree counts', 'Parcela 2,5 ha, 1200 stabala'],
    ['shift ranges', 'Smene 06-14 i 14-22'],
    ['an ISO date range', '2025-07-01 - 2025-07-20'],
    ['dotted shift times', 'Smene 06.00-14.00-22.00'],
    ['short dates', 'Berba od 15.06. do 30.06.'],
    ['several prices', 'dnevnica 3.000 - 6.000 - 8.000 din'],
    ['bare thousands', '6.000 7.000 8.000'],
    ['two dates in a row', 'Početak 06.07.2025. 16.07.2025. kraj'],
    ['a year, weights and a shift', 'godina 2025, 300 kg dnevno, 06-14h'],
    ['a price with decimals', 'isplata 1.500,00 RSD'],
    ['hours in words', 'Rad od 6 do 14, 20 radnika, 3 smene'],
    ['counts in Serbian words', 'Potrebna su dva radnika, tri dana, pet sati dnevno'],
    ['counts in Cyrillic words', 'Потребна су два радника, три дана, осам сати'],
    ['counts in English words', 'We need two workers for three days, eight hours a day'],
    ['a few number words in a row', 'dva, tri ili četiri radnika za šest do osam dana'],
    ['words that contain number words', 'Setva, petak, desetak radnika, sedamnaest'],
  ];
  it.each(clean)('does not flag %s', (_label, text) => {
    expect(containsPhoneNumber(text)).toBe(false);
  });
});

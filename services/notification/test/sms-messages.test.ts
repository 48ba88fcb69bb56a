import { smsLength, toGsm7 } from '../src/sms/gsm7';
import { CYRILLIC_SMS_PARTS, broadcastSmsText, smsText, type SmsKind } from '../src/sms/sms-messages';

const kinds: SmsKind[] = ['guestReceived', 'accepted', 'rejected', 'reminder', 'vacancyDeleted', 'confirm'];
const longestTitle = 'Berba šljiva i jabuka u voćnjaku porodice Đorđević kod Čačka, Žiča 2026'.slice(0, 70);
const facts = { title: longestTitle, startDate: '2026-12-24', time: '06:30' };

describe('SMS texts', () => {
  test.each(kinds)(
    '%s in Serbian fits one GSM-7 part without diacritics, even with a 70-character title',
    (kind) => {
      const text = smsText(kind, facts, 'sr');
      expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
      expect(text).not.toMatch(/[čćšžđČĆŠŽĐ]/);
      expect(text).toMatch(/STOP/);
    },
  );

  test.each(kinds)('%s in English fits one GSM-7 part', (kind) => {
    expect(smsLength(smsText(kind, facts, 'en'))).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  test.each(kinds)('%s in Cyrillic is UCS-2 and at most two parts', (kind) => {
    const length = smsLength(smsText(kind, facts, 'sr-Cyrl'));
    expect(length.encoding).toBe('UCS-2');
    expect(length.parts).toBeLessThanOrEqual(CYRILLIC_SMS_PARTS);
  });

  test('a title longer than the room left is shortened with "..." rather than splitting the message', () => {
    const text = smsText('accepted', { ...facts, title: longestTitle.repeat(2) }, 'sr');
    expect(text).toContain('...');
    expect(text).toContain('pocetak 24.12. Vidimo se!');
    expect(smsLength(text).parts).toBe(1);
  });

  test('a short title is kept whole; a Cyrillic title is written in Latin in a Latin SMS', () => {
    expect(smsText('reminder', { title: 'Берба малина', startDate: '2026-07-05' }, 'sr')).toBe(
      'Moba: sutra (5.7.) pocinje moba "Berba malina". Srecan rad! Odjava: STOP',
    );
  });

  test("the accepted and reminder texts link to the moba's page (English readers to the English one), still in one part", () => {
    const vacancyId = '3f0c1d9e-8b7a-4c6d-9e5f-1a2b3c4d5e6f';
    const withLink = { ...facts, vacancyId };
    const base = 'https://www.moba.rs/';
    expect(smsText('accepted', withLink, 'sr', base)).toContain(
      ` https://moba.rs/moba/${vacancyId} Odjava: STOP`,
    );
    expect(smsText('reminder', withLink, 'en', base)).toContain(
      ` https://moba.rs/en/moba/${vacancyId} Reply STOP`,
    );
    const cyrillic = smsText('accepted', withLink, 'sr-Cyrl', base);
    expect(cyrillic).toContain(` https://moba.rs/moba/${vacancyId} `);
    for (const kind of ['accepted', 'reminder'] as const) {
      expect(smsLength(smsText(kind, withLink, 'sr', base))).toMatchObject({ encoding: 'GSM-7', parts: 1 });
      expect(smsLength(smsText(kind, withLink, 'en', base))).toMatchObject({ encoding: 'GSM-7', parts: 1 });
      expect(smsLength(smsText(kind, withLink, 'sr-Cyrl', base)).parts).toBeLessThanOrEqual(
        CYRILLIC_SMS_PARTS,
      );
    }
    // No moba, or a rejection and a deleted moba: no link.
    expect(smsText('accepted', facts, 'sr', base)).not.toContain('http');
    expect(smsText('rejected', withLink, 'sr', base)).not.toContain('http');
    expect(smsText('vacancyDeleted', withLink, 'sr', base)).not.toContain('http');
  });

  test('GSM-7 counting: diacritics folded, Đ becomes Dj, extension characters count twice, Cyrillic is 70 a part', () => {
    expect(toGsm7('Đurđevdan, čćšž')).toBe('Djurdjevdan, ccsz');
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsLength('a'.repeat(161)).parts).toBe(2);
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsLength('ш'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(smsLength('ш'.repeat(71)).parts).toBe(2);
  });
});

describe('SMS texts of an estate broadcast', () => {
  const title = longestTitle;
  const templates = [
    { template: 'start-moved' as const, day: '2026-07-05', value: '09:00' },
    { template: 'start-moved' as const, day: null, value: '09:00' },
    { template: 'no-work' as const, day: '2026-07-05', movedTo: '2026-07-21' },
    {
      template: 'bring' as const,
      day: null,
      value: 'gumene čizme, rukavice i kabanicu za kišu, šešir'.slice(0, 80),
    },
  ];

  test.each(templates)(
    '$template keeps to one GSM-7 part (Serbian, English) and two Cyrillic parts',
    (facts) => {
      for (const language of ['sr', 'en'] as const) {
        const text = broadcastSmsText({ ...facts, title }, language);
        expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
        expect(text).toMatch(/STOP/);
      }
      const cyrillic = smsLength(broadcastSmsText({ ...facts, title }, 'sr-Cyrl'));
      expect(cyrillic.encoding).toBe('UCS-2');
      expect(cyrillic.parts).toBeLessThanOrEqual(CYRILLIC_SMS_PARTS);
    },
  );

  test('start moved and no work read as the worker needs them', () => {
    expect(
      broadcastSmsText(
        { template: 'start-moved', day: '2026-07-05', value: '09:00', title: 'Berba malina' },
        'sr',
      ),
    ).toBe('Moba "Berba malina": 5.7. pocinjemo u 09:00. Odjava: STOP');
    expect(
      broadcastSmsText(
        { template: 'no-work', day: '2026-07-05', movedTo: '2026-07-21', title: 'Berba malina' },
        'en',
      ),
    ).toBe(
      'Moba "Berba malina": no work on 5 Jul because of the weather. That day is worked on 21 Jul. STOP to stop',
    );
  });

  test('free text goes as typed: never cut, GSM-7 without diacritics for Serbian Latin, Cyrillic for sr-Cyrl', () => {
    const text = 'Sutra krećemo ranije jer je najavljena kiša posle podne; ponesite užinu i vodu. '
      .repeat(3)
      .trim();
    const latin = broadcastSmsText(
      { template: 'free', day: null, text, estateName: 'Imanje Đurić', title },
      'sr',
    );
    expect(latin).toBe(`Moba (Imanje Djuric): ${toGsm7(text)} Odjava: STOP`);
    expect(smsLength(latin).encoding).toBe('GSM-7');
    expect(smsLength(latin).parts).toBeGreaterThan(1);
    const cyrillic = broadcastSmsText(
      { template: 'free', day: null, text: 'Sutra u 7', estateName: 'Imanje' },
      'sr-Cyrl',
    );
    expect(cyrillic).toBe('Моба (Имање): Сутра у 7 Одјава: СТОП');
  });
});

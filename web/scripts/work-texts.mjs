// Writes the `work` texts (crop and job activity names, locales/<language>/work.json) from the shared
// lists in @moba/contracts, so a reader downloads the names in one language, not both with the
// harvest months. Run after changing the lists: node web/scripts/work-texts.mjs
// (test/unit/work-texts.test.ts fails while the files and the lists differ).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const reference = path.join(web, '..', 'libs', 'contracts', 'src', 'reference');
const read = async (name) => JSON.parse(await readFile(path.join(reference, name), 'utf8'));

const crops = await read('crops.json');
const jobs = await read('job-activities.json');
const namesIn = (list, field) => Object.fromEntries(list.map((item) => [item.id, item[field]]));

for (const [language, field] of [
  ['sr-Latn', 'sr'],
  ['en', 'en'],
]) {
  const texts = { crops: namesIn(crops, field), jobs: namesIn(jobs, field) };
  await writeFile(
    path.join(web, 'src', 'locales', language, 'work.json'),
    `${JSON.stringify(texts, null, 2)}\n`,
  );
}

import { crops, jobActivities, municipalityInScript } from '@moba/contracts/reference/index';
import { scriptOf } from '@moba/contracts/script';
import { latinToCyrillic } from '../../lib/translit';

/** Crop and job activity names in the reader's script (the shared lists carry sr and en). */
const nameIn = (item: { sr: string; en: string } | undefined, id: string, lng: string) => {
  if (!item) return id;
  if (lng === 'en') return item.en;
  return lng === 'sr-Cyrl' ? latinToCyrillic(item.sr) : item.sr;
};

export const cropName = (id: string, lng: string) =>
  nameIn(
    crops.find((c) => c.id === id),
    id,
    lng,
  );
export const activityName = (id: string, lng: string) =>
  nameIn(
    jobActivities.find((a) => a.id === id),
    id,
    lng,
  );
/** Place names are Latin in the data; Cyrillic readers see their Cyrillic spelling. */
export const placeName = (name: string, lng: string) => municipalityInScript(name, scriptOf(lng));

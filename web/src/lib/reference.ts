import { municipalityInScript } from '@moba/contracts/reference/index';
import { scriptOf } from '@moba/contracts/script';

export { useWorkNames } from './names';

/** Place names are Latin in the data; Cyrillic readers see their Cyrillic spelling. */
export const placeName = (name: string, lng: string) => municipalityInScript(name, scriptOf(lng));

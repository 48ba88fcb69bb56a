import type { Region } from '@moba/contracts';
import { regions } from '@moba/contracts/plain-values';

/** The countries a place can be in, as a select's options, each named in the caller's words. */
export function RegionOptions({ nameOf }: { nameOf: (region: Region) => string }) {
  return regions.map((r) => (
    <option key={r} value={r}>
      {nameOf(r)}
    </option>
  ));
}

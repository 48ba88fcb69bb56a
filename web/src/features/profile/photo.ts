import { IMAGE_MAX_BYTES } from '@moba/contracts/limits';

/** Checks a chosen file before it is sent: an image under 2 MB (spec §5, §9). */
export function photoProblem(file: { size: number; type: string }): 'tooBig' | 'notImage' | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > IMAGE_MAX_BYTES) return 'tooBig';
  return null;
}

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { authErrorCodes, authErrorMessages, IMAGE_MAX_BYTES, type IssueCode } from '@moba/contracts';
import { AppError } from '@moba/platform';
import type { AuthContext } from '../context';
import { photoUrlOf, type UserDoc } from '../domain/user';
import { saveProfile } from '../update-profile/update-profile';

export const PHOTO_SIDE_PX = 512;
/** Stored photo names: `<userId>-<random>.webp`; anything else is never served. */
export const PHOTO_FILE_PATTERN = /^[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/;

export const photoUploadError = (code: IssueCode, message: string, limit?: number) =>
  new AppError(authErrorCodes.PHOTO_UPLOAD_ERROR, authErrorMessages.PHOTO_UPLOAD_ERROR, [
    { field: 'photo', code, message, limit },
  ]);

export interface UploadedFile {
  buffer: Buffer;
  mimetype: string;
  size: number;
}

/**
 * Re-encodes the upload (strips metadata, fixes orientation, bounds the size) so only our own webp
 * bytes are ever served; the old photo file is removed.
 */
export async function uploadPhoto(
  ctx: AuthContext & { photosDir: string },
  user: UserDoc,
  file: UploadedFile | undefined,
) {
  if (!file) throw photoUploadError('required', 'an image file is required in the field "photo"');
  if (!file.mimetype.startsWith('image/')) throw photoUploadError('file_type', 'only images are accepted');
  if (file.size > IMAGE_MAX_BYTES)
    throw photoUploadError('file_too_large', 'the image must be under 2 MB', IMAGE_MAX_BYTES + 1);
  let webp: Buffer;
  try {
    webp = await sharp(file.buffer, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIDE_PX, PHOTO_SIDE_PX, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw photoUploadError('file_type', 'the file is not a readable image');
  }
  await mkdir(ctx.photosDir, { recursive: true });
  const photoFile = `${user._id}-${randomBytes(8).toString('hex')}.webp`;
  await writeFile(join(ctx.photosDir, photoFile), webp);
  const updated = await saveProfile(ctx, user, { photoFile });
  if (user.photoFile && PHOTO_FILE_PATTERN.test(user.photoFile)) {
    await rm(join(ctx.photosDir, user.photoFile), { force: true }).catch(() => undefined);
  }
  return { photoUrl: photoUrlOf(updated)! };
}

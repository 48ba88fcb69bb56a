import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Decodes a data:image/png QR code the way a scanner would. */
export function decodeQrDataUrl(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace('data:image/png;base64,', ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

import QRCode from 'qrcode';
import { PNG } from 'pngjs';

/**
 * Renders a QR code as a black-on-white PNG data URL: error correction M, a 4-module quiet zone,
 * `scale` pixels per module. Encoded synchronously (zlib deflateSync): qrcode's own streaming PNG
 * writer is orders of magnitude slower under load.
 */
export function qrPng(
  text: string,
  { scale = 8, margin = 4 }: { scale?: number; margin?: number } = {},
): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const side = (size + 2 * margin) * scale;
  const png = new PNG({
    width: side,
    height: side,
    colorType: 0,
    inputColorType: 0,
    bitDepth: 8,
    inputHasAlpha: false,
  });
  // Greyscale input: one byte per pixel, 255 = white.
  const pixels = Buffer.alloc(side * side, 255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      const y0 = (row + margin) * scale;
      const x0 = (col + margin) * scale;
      for (let y = y0; y < y0 + scale; y++) pixels.fill(0, y * side + x0, y * side + x0 + scale);
    }
  }
  png.data = pixels;
  return PNG.sync.write(png, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    bitDepth: 8,
    filterType: 0,
  });
}

export const qrPngDataUrlSync = (text: string) => `data:image/png;base64,${qrPng(text).toString('base64')}`;

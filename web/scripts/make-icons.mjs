// Writes the app icons of the web manifest (public/icons/) from the logo: run after changing it.
//   node web/scripts/make-icons.mjs
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));
const mark =
  '<path d="M8 24V9l8 9 8-9v15" stroke="#fde047" stroke-width="3.5" fill="none" stroke-linejoin="round"/>';
// "any": the rounded square of the favicon; "maskable": full bleed, the mark inside the 80 % safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#14532d"/>${mark}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 44 44"><rect x="-6" y="-6" width="44" height="44" fill="#14532d"/>${mark}</svg>`;

for (const [svg, size, name] of [
  [any, 192, 'icon-192.png'],
  [any, 512, 'icon-512.png'],
  [maskable, 512, 'maskable-512.png'],
  [any, 180, 'apple-touch-icon.png'],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out(name));
}

// Writes the web app's install icons (apps/web/public/icons/*.png) from its favicon, with sharp.
// The PNGs are committed; run this again only when the favicon changes:  node scripts/generate-pwa-icons.mjs
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '../apps/web/public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').trim();
// A maskable icon is cropped to a circle or squircle by the launcher: full-bleed background, the
// drawing scaled into the middle 60 % (inside the 80 % safe zone).
const drawing = favicon
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>$/, '')
  .replace(/<rect[^>]*\/>/, '');
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#2f9e44';
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(12.8 12.8) scale(0.6)">${drawing}</g></svg>`;

const render = (svg, size, file, flatten = false) => {
  let image = sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 }).resize(size, size);
  if (flatten) image = image.flatten({ background });
  return image.png({ compressionLevel: 9 }).toFile(path.join(publicDir, 'icons', file));
};

await render(favicon, 192, 'icon-192.png');
await render(favicon, 512, 'icon-512.png');
await render(maskable, 512, 'maskable-512.png');
// iOS puts its own rounded mask on a square, opaque icon.
await render(maskable, 180, 'apple-touch-icon-180.png', true);

// The PWA's icons (issue 32): web/public/favicon.svg's drawing (blue rounded square, yellow bolt) painted at the
// manifest's sizes with @napi-rs/canvas (already in node_modules) and committed — nothing is fetched at build or run
// time. Re-run after changing the favicon: node web/scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
const BLUE = '#1d4ed8';
const BOLT = [
  [18, 4],
  [8, 18],
  [15, 18],
  [13, 28],
  [24, 13],
  [17, 13],
];

/** The 32×32 favicon scaled to `size`; `logo` is the share of the side it fills; `round` keeps the corners. */
function icon(file, size, { logo = 1, round = true } = {}) {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BLUE;
  if (round) {
    const s = size / 32;
    ctx.beginPath();
    ctx.roundRect(0, 0, size, size, 7 * s);
    ctx.fill();
  } else {
    ctx.fillRect(0, 0, size, size);
  }
  const s = (size * logo) / 32;
  const o = (size - size * logo) / 2;
  ctx.fillStyle = '#fbbf24';
  ctx.beginPath();
  for (const [i, [x, y]] of BOLT.entries()) {
    if (i) ctx.lineTo(o + x * s, o + y * s);
    else ctx.moveTo(o + x * s, o + y * s);
  }
  ctx.closePath();
  ctx.fill();
  writeFileSync(join(out, file), canvas.toBuffer('image/png'));
}

icon('icon-192.png', 192);
icon('icon-512.png', 512);
// Maskable: full-bleed background, the bolt within the 80 % safe zone.
icon('icon-maskable-512.png', 512, { logo: 0.7, round: false });
// iOS rounds the corners itself.
icon('apple-touch-icon.png', 180, { round: false });

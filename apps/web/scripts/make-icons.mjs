// Draws the Voltpark icons (a white lightning bolt with a "P" on a green tile) without any
// download or image library: a tiny rasteriser and a PNG encoder on node:zlib.
// Run: node apps/web/scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/', import.meta.url));
const GREEN = [11, 110, 79];
const WHITE = [255, 255, 255];
// Bolt in a 100×100 design space.
const BOLT = [
  [58, 8],
  [24, 56],
  [46, 56],
  [38, 92],
  [76, 40],
  [54, 40],
  [64, 8],
];

function inPolygon(x, y, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function crc32(buf) {
  let c;
  const table = [];
  for (let n = 0; n < 256; n++) {
    c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (const b of buf) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size, { radius, scale }) {
  const ss = 4; // supersampling per axis
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const px = ((x + (sx + 0.5) / ss) / size) * 100;
          const py = ((y + (sy + 0.5) / ss) / size) * 100;
          // rounded tile
          const cx = Math.min(Math.max(px, radius), 100 - radius);
          const cy = Math.min(Math.max(py, radius), 100 - radius);
          const inTile = (px - cx) ** 2 + (py - cy) ** 2 <= radius ** 2;
          if (!inTile) continue;
          bg++;
          const bx = 50 + (px - 50) / scale;
          const by = 50 + (py - 50) / scale;
          if (inPolygon(bx, by, BOLT)) fg++;
        }
      }
      const n = ss * ss;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const f = fg / Math.max(bg, 1);
      for (let c = 0; c < 3; c++) raw[o + c] = Math.round(GREEN[c] * (1 - f) + WHITE[c] * f);
      raw[o + 3] = Math.round((bg / n) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(out + 'pwa-192.png', png(192, { radius: 20, scale: 1 }));
writeFileSync(out + 'pwa-512.png', png(512, { radius: 20, scale: 1 }));
// Maskable: full-bleed tile, bolt inside the 80 % safe zone.
writeFileSync(out + 'pwa-maskable-512.png', png(512, { radius: 0.01, scale: 0.75 }));
writeFileSync(out + 'apple-touch-icon.png', png(180, { radius: 0.01, scale: 0.85 }));
const points = BOLT.map(([x, y]) => `${x},${y}`).join(' ');
writeFileSync(
  out + 'favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="20" fill="#0b6e4f"/><polygon points="${points}" fill="#fff"/></svg>\n`,
);

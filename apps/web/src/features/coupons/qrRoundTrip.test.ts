import { describe, expect, it } from 'vitest';
import { encodeQR } from 'qr';
import decodeQR from 'qr/decode.js';

/** Paints a QR matrix as an RGBA picture, `scale` pixels a module, with a white margin. */
function picture(matrix: boolean[][], scale = 6, margin = 4) {
  const n = matrix.length + margin * 2;
  const size = n * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + margin) * scale + dy) * size + (x + margin) * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
    }),
  );
  return { width: size, height: size, data };
}

describe('the coupon QR code', () => {
  it('holds exactly the coupon code, and the scanner reads it back', () => {
    for (const code of ['7KQ2MXD9PA', 'ABCDE23456']) {
      const matrix = encodeQR(code, 'raw', { border: 2, ecc: 'medium' });
      expect(decodeQR(picture(matrix))).toBe(code);
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { SimState, SimStateStore } from './charge-point.js';

/**
 * A simulator's state in a small JSON file of its own (`<dir>/<id>.json`), replaced atomically
 * (written beside it, then renamed), so a process killed at any moment leaves the last whole
 * state: like a real charge point's flash.
 */
export function fileStateStore(
  dir: string,
  chargePointId: string,
): SimStateStore & {
  file: string;
  remove(): void;
} {
  const file = path.join(dir, `${encodeURIComponent(chargePointId)}.json`);
  let dirMade = false;
  return {
    file,
    load() {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')) as SimState;
      } catch {
        return null;
      }
    },
    save(state) {
      // Made on the first write: a charger that never changes leaves nothing behind.
      if (!dirMade) fs.mkdirSync(dir, { recursive: true });
      dirMade = true;
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, JSON.stringify(state));
      fs.renameSync(partial, file);
    },
    remove() {
      fs.rmSync(file, { force: true });
    },
  };
}

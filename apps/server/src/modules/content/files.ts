import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Images bundled with the demo data (news, adverts, shop pictures). */
export const bundledFilesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/seed/files',
);

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

export type PublicFileType = 'news' | 'news_thumb' | 'front-page-ads' | 'poi';

/** A safe single path segment: letters, digits, dot, dash, underscore; no leading dot. */
export const isSafeName = (name: string) =>
  /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name) && !name.includes('..');

/**
 * Where a public file may be: uploaded files under DATA_DIR/files/<type>/[<subdir>/], then the
 * bundled demo images. A news thumbnail falls back to the full image.
 */
function candidates(
  dataDir: string,
  type: PublicFileType,
  subdir: string | undefined,
  name: string,
) {
  const sub = subdir?.replace(/\/$/, '');
  const uploaded = path.join(dataDir, 'files', type);
  const list = [
    ...(sub ? [path.join(uploaded, sub, name)] : []),
    path.join(uploaded, name),
    path.join(bundledFilesDir, type, name),
  ];
  if (type === 'news_thumb') {
    const news = path.join(dataDir, 'files', 'news');
    if (sub) list.push(path.join(news, sub, name));
    list.push(path.join(bundledFilesDir, 'news', name));
  }
  return list;
}

export async function findPublicFile(
  dataDir: string,
  type: PublicFileType,
  subdir: string | undefined,
  name: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  const contentType = contentTypes[path.extname(name).toLowerCase()];
  if (!contentType || !isSafeName(name) || (subdir !== undefined && !/^[0-9]+\/$/.test(subdir))) {
    return null;
  }
  for (const file of candidates(dataDir, type, subdir, name)) {
    try {
      return { body: await fs.readFile(file), contentType };
    } catch {
      // not here: try the next place
    }
  }
  return null;
}

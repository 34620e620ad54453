/** Lower-cases and strips accents: "Gödöllő" → "godollo". */
export function normalizeText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * Case- and accent-insensitive match (SPEC §5): every typed word must occur in at least one of
 * the fields. An empty query matches everything.
 */
export function matchesText(
  query: string,
  fields: readonly (string | null | undefined)[],
): boolean {
  const words = normalizeText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter(Boolean).map((f) => normalizeText(f as string));
  return words.every((w) => haystack.some((h) => h.includes(w)));
}

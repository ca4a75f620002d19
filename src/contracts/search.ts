/** Words of a search as PostgreSQL should see them: letters, marks and digits in any script. */
export function searchWords(q: string): string[] {
  return (
    q
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  ).slice(0, 12);
}

/**
 * A `to_tsquery('simple', …)` text from what a shopper typed: every word must match, each as a
 * prefix so a half-typed word still finds. Returns null when nothing searchable is left.
 */
export function toPrefixTsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length ? words.map((w) => `'${w}':*`).join(" & ") : null;
}

/** The search text trimmed and bounded; what the trigram (typo) match compares. */
export function normaliseSearch(q: string): string {
  return searchWords(q).join(" ").slice(0, 200);
}

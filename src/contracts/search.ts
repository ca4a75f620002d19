import { typedKey } from "./banglish";

/** Words of a search as PostgreSQL should see them: letters, marks and digits in any script. */
export function searchWords(q: string): string[] {
  return (
    q
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  ).slice(0, 12);
}

/** How many typed words are tried joined in pairs (a Bangla compound typed as two words). */
const MAX_JOINED_WORDS = 6;

/** A typed word as a tsquery term: itself by prefix, or (Latin letters) its Banglish key too. */
export function termFor(word: string): string {
  const key = word.length >= 3 ? typedKey(word) : null;
  return key ? `('${word}':* | '${key}':*)` : `'${word}':*`;
}

/**
 * A `to_tsquery('simple', …)` text from what a shopper typed: every word must match, each as a
 * prefix so a half-typed word still finds. A word of Latin letters also matches by its Banglish
 * key (see banglish.ts), and two such words side by side also match as one ("podartho biggan"
 * is পদার্থবিজ্ঞান, one word in Bangla). Returns null when nothing searchable is left.
 */
export function toPrefixTsQuery(q: string): string | null {
  const words = searchWords(q);
  if (!words.length) return null;
  const terms = words.map(termFor);
  const whole = terms.join(" & ");
  const joined: string[] = [];
  if (words.length <= MAX_JOINED_WORDS) {
    for (let i = 0; i + 1 < words.length; i++) {
      const key = typedKey(`${words[i]}${words[i + 1]}`);
      if (!key || !typedKey(words[i] as string) || !typedKey(words[i + 1] as string)) continue;
      joined.push([...terms.slice(0, i), `'${key}':*`, ...terms.slice(i + 2)].join(" & "));
    }
  }
  return joined.length ? [whole, ...joined].map((p) => `(${p})`).join(" | ") : whole;
}

/**
 * The ISBN a search is, as the digits kept (`book_details.isbn` without hyphens or spaces, X
 * upper-case): an ISBN-13, or an ISBN-10 with its ISBN-13 too (a book printed before 2007 shows
 * the ten digits; the shop may keep either). Null when the search is not an ISBN with a valid check
 * digit, so a number that only looks like one is searched as words.
 */
export function isbnsOf(q: string): string[] | null {
  const s = q.trim().replace(/[\s-]/g, "").toUpperCase();
  if (/^97[89]\d{10}$/.test(s)) return isbn13Check(s.slice(0, 12)) === s[12] ? [s] : null;
  if (!/^\d{9}[\dX]$/.test(s)) return null;
  const sum = [...s].reduce((n, c, i) => n + (c === "X" ? 10 : Number(c)) * (10 - i), 0);
  if (sum % 11 !== 0) return null;
  const thirteen = `978${s.slice(0, 9)}`;
  return [s, thirteen + isbn13Check(thirteen)];
}

function isbn13Check(twelve: string): string {
  const sum = [...twelve].reduce((n, c, i) => n + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

/** The search text trimmed and bounded; what the trigram (typo) match compares. */
export function normaliseSearch(q: string): string {
  return searchWords(q).join(" ").slice(0, 200);
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string
 * alignment, Damerau–Levenshtein without re-editing a swapped pair): "frist" is 1 from "first",
 * where plain Levenshtein says 2.
 */
export function swapDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const up = rows[i - 1] as number[];
      let d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = d;
    }
  }
  return (rows[x.length] as number[])[y.length] as number;
}

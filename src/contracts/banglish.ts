/**
 * Banglish: Bangla written in Latin letters as students type it ("podartho biggan" for
 * পদার্থবিজ্ঞান). There is no one spelling: অ is "o" or "a" or nothing, শ/ষ/স are "sh" or "s",
 * চ/ছ "ch", "chh" or "c", ভ "bh" or "v", a doubled consonant is typed once or twice, য় and য-ফলা
 * are "y" or nothing. So a Bangla word and a Latin word are compared by a **key**, a spelling with
 * the choices students make differently taken out:
 *
 * - Bangla is first romanised letter by letter (`romanise`), the inherent vowel written "o";
 * - the romanised word and a typed Latin word then go through the same `latinKey`: aspiration
 *   dropped (kh→k, sh→s, chh→c, bh→b), ph→f, v→b, z→j, w and y dropped, ee→i, oo→u, a, o and e dropped inside a word, its first vowel
 *   written "o" whatever it is, a final y read as i, ng as n, and runs of one letter made one.
 *
 * "podartho", "padartha" and "podarto" all key "pdrt"; পদার্থ keys "pdrt" too. The search keeps
 * each Bangla word's key beside it in the product's search names (behind KEY_MARK, so a key never
 * meets an English word), and looks a typed Latin word up by its key as well as by itself.
 */

/** What starts every key in the search names and the search words: no English word starts so. */
export const KEY_MARK = "x";

const VIRAMA = "\u09CD";
const NUKTA = "\u09BC";

const VOWELS: Record<string, string> = {
  "\u0985": "o", // অ
  "\u0986": "a", // আ
  "\u0987": "i", // ই
  "\u0988": "i", // ঈ
  "\u0989": "u", // উ
  "\u098A": "u", // ঊ
  "\u098B": "ri", // ঋ
  "\u098C": "li", // ঌ
  "\u098F": "e", // এ
  "\u0990": "oi", // ঐ
  "\u0993": "o", // ও
  "\u0994": "ou", // ঔ
};

const VOWEL_SIGNS: Record<string, string> = {
  "\u09BE": "a", // া
  "\u09BF": "i", // ি
  "\u09C0": "i", // ী
  "\u09C1": "u", // ু
  "\u09C2": "u", // ূ
  "\u09C3": "ri", // ৃ
  "\u09C7": "e", // ে
  "\u09C8": "oi", // ৈ
  "\u09CB": "o", // ো
  "\u09CC": "ou", // ৌ
  "\u09D7": "ou", // ৗ (the length mark of ৌ written apart)
};

const CONSONANTS: Record<string, string> = {
  "\u0995": "k", // ক
  "\u0996": "kh", // খ
  "\u0997": "g", // গ
  "\u0998": "gh", // ঘ
  "\u0999": "ng", // ঙ
  "\u099A": "ch", // চ
  "\u099B": "chh", // ছ
  "\u099C": "j", // জ
  "\u099D": "jh", // ঝ
  "\u099E": "n", // ঞ
  "\u099F": "t", // ট
  "\u09A0": "th", // ঠ
  "\u09A1": "d", // ড
  "\u09A2": "dh", // ঢ
  "\u09A3": "n", // ণ
  "\u09A4": "t", // ত
  "\u09A5": "th", // থ
  "\u09A6": "d", // দ
  "\u09A7": "dh", // ধ
  "\u09A8": "n", // ন
  "\u09AA": "p", // প
  "\u09AB": "ph", // ফ
  "\u09AC": "b", // ব
  "\u09AD": "bh", // ভ
  "\u09AE": "m", // ম
  "\u09AF": "j", // য
  "\u09B0": "r", // র
  "\u09B2": "l", // ল
  "\u09B6": "sh", // শ
  "\u09B7": "sh", // ষ
  "\u09B8": "s", // স
  "\u09B9": "h", // হ
  "\u09DC": "r", // ড়
  "\u09DD": "rh", // ঢ়
  "\u09DF": "y", // য়
};

/** A consonant with the nukta below: ড় ঢ় য় as NFC writes them (the letter, then the dot). */
const WITH_NUKTA: Record<string, string> = { "\u09A1": "r", "\u09A2": "rh", "\u09AF": "y" };

const SIGNS: Record<string, string> = {
  "\u0981": "", // ঁ chandrabindu: nasal, not typed
  "\u0982": "ng", // ং
  "\u0983": "", // ঃ
  "\u09CE": "t", // ৎ
};

const BANGLA = /[\u0980-\u09FF]/;

/** Whether the text holds Bangla letters. */
export function hasBangla(text: string): boolean {
  return BANGLA.test(text);
}

/**
 * A Bangla word in Latin letters, as a student would type it: পদার্থবিজ্ঞান → "podarthobiggan",
 * রসায়ন → "rosayon". Letters outside the Bangla block are kept as they are (lower-cased).
 */
export function romanise(text: string): string {
  const chars = [...text.normalize("NFC").toLowerCase()];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    let consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      if (chars[i + 1] === NUKTA && WITH_NUKTA[c]) {
        consonant = WITH_NUKTA[c] as string;
        i++;
      }
      const prevVirama = chars[i - 1] === VIRAMA && CONSONANTS[chars[i - 2] ?? ""] !== undefined;
      if (prevVirama) {
        const before = chars[i - 2] as string;
        // জ্ঞ is said and typed "gg" (বিজ্ঞান "biggan"); ক্ষ "kkh" (শিক্ষা "shikkha").
        if (before === "\u099C" && c === "\u099E") {
          out = `${out.slice(0, -1)}gg`;
          consonant = "";
        } else if (before === "\u0995" && c === "\u09B7") {
          consonant = "kh";
        } else if (c === "\u09AC" && before !== "\u09AE") {
          // ব-ফলা after a consonant doubles it (বিশ্ব "bishsho"): typed "w" or the letter again.
          consonant = "w";
        } else if (c === "\u09AF") {
          consonant = "y"; // য-ফলা: ব্যাকরণ "byakoron"
        }
      }
      out += consonant;
      const next = chars[i + 1] ?? "";
      const after = next === NUKTA ? (chars[i + 2] ?? "") : next;
      if (VOWEL_SIGNS[after] !== undefined || after === VIRAMA) continue;
      // The inherent vowel: written "o" inside a word; at its end only after a conjunct
      // (পত্র "potro", but ফল "fol").
      if (isBanglaLetter(after) || prevVirama) out += "o";
      continue;
    }
    const sign = VOWEL_SIGNS[c] ?? VOWELS[c] ?? SIGNS[c];
    if (sign !== undefined) {
      out += sign;
      continue;
    }
    if (c === VIRAMA || c === NUKTA || c === "\u200C" || c === "\u200D") continue;
    const digit = c.charCodeAt(0) - 0x09e6;
    if (digit >= 0 && digit <= 9) {
      out += String(digit);
      continue;
    }
    out += c;
  }
  return out;
}

function isBanglaLetter(c: string): boolean {
  return CONSONANTS[c] !== undefined || VOWELS[c] !== undefined || SIGNS[c] !== undefined || c === NUKTA;
}

const IS_CONSONANT = /[b-df-hj-np-tv-z]/;

/**
 * The key of a Latin word: what every common Banglish spelling of one Bangla word shares
 * ("rosayon", "rasayan", "roshayon" → "rsn"). Empty for a word without Latin letters.
 */
export function latinKey(word: string): string {
  let w = word
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  w = w
    .replace(/ksh/g, "kkh")
    .replace(/x/g, "ks")
    .replace(/q/g, "k")
    .replace(/ph/g, "f")
    .replace(/ee/g, "i")
    .replace(/oo/g, "u")
    .replace(/z/g, "j")
    .replace(/v/g, "b")
    // A final y is the vowel i (orthonity, boy); elsewhere y and w are glides, typed or not.
    .replace(/y$/, "i")
    .replace(/[wy]/g, "")
    // র্য is typed "rj" or "ry" (ভট্টাচার্য "bhattacharya", "bhottacharjo").
    .replace(/rj/g, "r");
  // Aspiration: an h after a consonant (kh, gh, chh, th, dh, bh, sh).
  let key = "";
  for (const ch of w) {
    const prev = key.at(-1) ?? "";
    if (ch === "h" && IS_CONSONANT.test(prev)) continue;
    key += ch;
  }
  // A word's first vowel is typed every way (ইতিহাস "itihas" or "etihas"): one mark for any.
  // Inside it a, o and e stand for অ, আ, ও, এ and the "æ" of ্যা alike, or are left off: dropped.
  key = key
    .replace(/^[aeiou]+/, "\0")
    .replace(/[aoe]/g, "")
    .replace("\0", "o")
    .replace(/(.)\1+/g, "$1")
    // ং/ঙ before k or g is typed "ng" or "n" (সংখ্যা "songkha", "sankhya").
    .replace(/ng/g, "n");
  return key.replace(/(.)\1+/g, "$1");
}

/** The search key of a Bangla word (empty when it has no letters to key). */
export function banglaKey(word: string): string {
  return latinKey(romanise(word));
}

/** The marked keys of the Bangla words of a text, once each: what the search names keep. */
export function banglaKeys(text: string): string[] {
  const words = text.normalize("NFC").match(/[\u0980-\u09FF\u200C\u200D]+/g) ?? [];
  const keys = new Set<string>();
  for (const w of words) {
    const key = banglaKey(w);
    if (key.length >= 2) keys.add(KEY_MARK + key);
  }
  return [...keys];
}

/** The marked key of a typed word when it is Latin letters only (and long enough to key). */
export function typedKey(word: string): string | null {
  if (!/^[a-z]+$/.test(word)) return null;
  const key = latinKey(word);
  return key.length >= 2 ? KEY_MARK + key : null;
}

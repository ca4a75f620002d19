// GSM 03.38: the 7-bit alphabet every phone reads, and its extension table (two septets each).
const BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const EXTENDED = new Set("\f^{}\\[~]|€");

/** One SMS holds 160 GSM characters; a single character outside the alphabet drops that to 70. */
export const SMS_GSM_LIMIT = 160;

/**
 * The length of a text in GSM 7-bit septets, or null when it holds a character outside the GSM
 * alphabet (the whole message is then sent as UCS-2, 70 characters per SMS).
 */
export function gsmLength(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (BASIC.has(ch)) n += 1;
    else if (EXTENDED.has(ch)) n += 2;
    else return null;
  }
  return n;
}

/** A Unicode (UCS-2) SMS holds 70 characters; joined into a longer message, 67 a part. */
export const SMS_UCS2_LIMIT = 70;
const UCS2_PART = 67;
const GSM_PART = 153;

/**
 * How many SMS parts a text is sent as: GSM 7-bit when every character is in that alphabet
 * (160, or 153 a part), else UCS-2 (70, or 67 a part). Bangla is all in the Basic Multilingual
 * Plane, so a UTF-16 code unit is one UCS-2 character.
 */
export function smsParts(text: string): number {
  const septets = gsmLength(text);
  if (septets !== null) return septets <= SMS_GSM_LIMIT ? 1 : Math.ceil(septets / GSM_PART);
  return text.length <= SMS_UCS2_LIMIT ? 1 : Math.ceil(text.length / UCS2_PART);
}

/**
 * The first of `forms` (fullest first) that goes in one SMS; else, when `maxParts` allows, the
 * first in that many; else the last (the shortest).
 */
export function fittingSms(forms: readonly string[], maxParts = 1): string {
  for (let parts = 1; parts <= maxParts; parts++) {
    const fit = forms.find((s) => smsParts(s) <= parts);
    if (fit !== undefined) return fit;
  }
  return forms.at(-1) ?? "";
}

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

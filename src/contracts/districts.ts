import type { Locale } from "./locale";

/**
 * The 64 districts of Bangladesh by division, in the official English spellings of 2018
 * (Chattogram, Cumilla, Barishal, Jashore, Bogura). Older and common spellings are accepted as
 * aliases when looking a name up, so "Chittagong" or "comilla" finds the district; answers always
 * carry the official name.
 *
 * Each has its Bangla name for display only: a page in Bangla shows ঢাকা where the value stored
 * and sent stays "Dhaka".
 *
 * No zod and no server code here: the browser bundle imports this module.
 */
export const DIVISIONS = [
  "Barishal",
  "Chattogram",
  "Dhaka",
  "Khulna",
  "Mymensingh",
  "Rajshahi",
  "Rangpur",
  "Sylhet",
] as const;
export type Division = (typeof DIVISIONS)[number];

/** `name` is the official English name (stored and answered); `bn` is how a page in Bangla shows it. */
export type District = { name: string; bn: string; division: Division; aliases: readonly string[] };

const d = (name: string, bn: string, division: Division, ...aliases: string[]): District => ({
  name,
  bn,
  division,
  aliases,
});

export const DISTRICTS: readonly District[] = [
  d("Barguna", "বরগুনা", "Barishal"),
  d("Barishal", "বরিশাল", "Barishal", "Barisal"),
  d("Bhola", "ভোলা", "Barishal"),
  d("Jhalokathi", "ঝালকাঠি", "Barishal", "Jhalokati", "Jhalakathi", "Jhalakati"),
  d("Patuakhali", "পটুয়াখালী", "Barishal"),
  d("Pirojpur", "পিরোজপুর", "Barishal"),

  d("Bandarban", "বান্দরবান", "Chattogram"),
  d("Brahmanbaria", "ব্রাহ্মণবাড়িয়া", "Chattogram", "B. Baria"),
  d("Chandpur", "চাঁদপুর", "Chattogram"),
  d("Chattogram", "চট্টগ্রাম", "Chattogram", "Chittagong"),
  d("Cox's Bazar", "কক্সবাজার", "Chattogram", "Coxs Bazar", "Cox Bazar"),
  d("Cumilla", "কুমিল্লা", "Chattogram", "Comilla"),
  d("Feni", "ফেনী", "Chattogram"),
  d("Khagrachhari", "খাগড়াছড়ি", "Chattogram", "Khagrachari"),
  d("Lakshmipur", "লক্ষ্মীপুর", "Chattogram", "Laxmipur", "Lakhsmipur"),
  d("Noakhali", "নোয়াখালী", "Chattogram"),
  d("Rangamati", "রাঙ্গামাটি", "Chattogram"),

  d("Dhaka", "ঢাকা", "Dhaka"),
  d("Faridpur", "ফরিদপুর", "Dhaka"),
  d("Gazipur", "গাজীপুর", "Dhaka"),
  d("Gopalganj", "গোপালগঞ্জ", "Dhaka"),
  d("Kishoreganj", "কিশোরগঞ্জ", "Dhaka", "Kishorganj"),
  d("Madaripur", "মাদারীপুর", "Dhaka"),
  d("Manikganj", "মানিকগঞ্জ", "Dhaka"),
  d("Munshiganj", "মুন্সীগঞ্জ", "Dhaka"),
  d("Narayanganj", "নারায়ণগঞ্জ", "Dhaka"),
  d("Narsingdi", "নরসিংদী", "Dhaka", "Narshingdi"),
  d("Rajbari", "রাজবাড়ী", "Dhaka"),
  d("Shariatpur", "শরীয়তপুর", "Dhaka"),
  d("Tangail", "টাঙ্গাইল", "Dhaka"),

  d("Bagerhat", "বাগেরহাট", "Khulna"),
  d("Chuadanga", "চুয়াডাঙ্গা", "Khulna"),
  d("Jashore", "যশোর", "Khulna", "Jessore"),
  d("Jhenaidah", "ঝিনাইদহ", "Khulna", "Jhenaidaha", "Jhenidah"),
  d("Khulna", "খুলনা", "Khulna"),
  d("Kushtia", "কুষ্টিয়া", "Khulna"),
  d("Magura", "মাগুরা", "Khulna"),
  d("Meherpur", "মেহেরপুর", "Khulna"),
  d("Narail", "নড়াইল", "Khulna"),
  d("Satkhira", "সাতক্ষীরা", "Khulna"),

  d("Jamalpur", "জামালপুর", "Mymensingh"),
  d("Mymensingh", "ময়মনসিংহ", "Mymensingh"),
  d("Netrokona", "নেত্রকোণা", "Mymensingh", "Netrakona"),
  d("Sherpur", "শেরপুর", "Mymensingh"),

  d("Bogura", "বগুড়া", "Rajshahi", "Bogra"),
  d("Chapai Nawabganj", "চাঁপাইনবাবগঞ্জ", "Rajshahi", "Chapainawabganj", "Nawabganj"),
  d("Joypurhat", "জয়পুরহাট", "Rajshahi", "Jaipurhat"),
  d("Naogaon", "নওগাঁ", "Rajshahi"),
  d("Natore", "নাটোর", "Rajshahi"),
  d("Pabna", "পাবনা", "Rajshahi"),
  d("Rajshahi", "রাজশাহী", "Rajshahi"),
  d("Sirajganj", "সিরাজগঞ্জ", "Rajshahi", "Serajganj"),

  d("Dinajpur", "দিনাজপুর", "Rangpur"),
  d("Gaibandha", "গাইবান্ধা", "Rangpur"),
  d("Kurigram", "কুড়িগ্রাম", "Rangpur"),
  d("Lalmonirhat", "লালমনিরহাট", "Rangpur"),
  d("Nilphamari", "নীলফামারী", "Rangpur"),
  d("Panchagarh", "পঞ্চগড়", "Rangpur", "Panchagar"),
  d("Rangpur", "রংপুর", "Rangpur"),
  d("Thakurgaon", "ঠাকুরগাঁও", "Rangpur"),

  d("Habiganj", "হবিগঞ্জ", "Sylhet", "Hobiganj"),
  d("Moulvibazar", "মৌলভীবাজার", "Sylhet", "Maulvibazar", "Moulvi Bazar"),
  d("Sunamganj", "সুনামগঞ্জ", "Sylhet"),
  d("Sylhet", "সিলেট", "Sylhet"),
];

/** Every district's official name, alphabetically, for a select. */
export const DISTRICT_NAMES: readonly string[] = DISTRICTS.map((x) => x.name).sort((a, b) =>
  a.localeCompare(b, "en"),
);

const BANGLA_NAMES = new Map(DISTRICTS.map((x) => [x.name, x.bn]));

/** A district's name as a page in that language shows it (a name it does not know, as it is). */
export function districtLabel(name: string, locale: Locale): string {
  return locale === "bn" ? (BANGLA_NAMES.get(name) ?? name) : name;
}

/** The official names in the order a select lists them: alphabetical in the page's language. */
export function districtOptions(locale: Locale): readonly string[] {
  if (locale === "en") return DISTRICT_NAMES;
  return [...DISTRICT_NAMES].sort((a, b) =>
    districtLabel(a, "bn").localeCompare(districtLabel(b, "bn"), "bn"),
  );
}

/** The district a cart is priced for when the shopper has chosen none. */
export const DEFAULT_DISTRICT = "Dhaka";

/** Case, spaces, hyphens, dots and apostrophes do not matter: "cox's bazar" = "Coxs-Bazar". */
function keyOf(name: string): string {
  return name.toLowerCase().replace(/[\s\-'’.]+/g, "");
}

const BY_KEY = new Map<string, District>();
for (const district of DISTRICTS) {
  for (const name of [district.name, ...district.aliases]) BY_KEY.set(keyOf(name), district);
}

/** The district an official or older spelling names, or undefined. */
export function findDistrict(name: string): District | undefined {
  return BY_KEY.get(keyOf(name));
}

/** Delivery zones: the Dhaka district itself, and everywhere else. */
export type DeliveryZone = "dhaka" | "outside";

/** True only for Dhaka district (not the rest of Dhaka division). */
export function isDhakaDistrict(name: string): boolean {
  return findDistrict(name)?.name === "Dhaka";
}

export function zoneOf(district: string): DeliveryZone {
  return isDhakaDistrict(district) ? "dhaka" : "outside";
}

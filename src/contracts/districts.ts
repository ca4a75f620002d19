/**
 * The 64 districts of Bangladesh by division, in the official English spellings of 2018
 * (Chattogram, Cumilla, Barishal, Jashore, Bogura). Older and common spellings are accepted as
 * aliases when looking a name up, so "Chittagong" or "comilla" finds the district; answers always
 * carry the official name.
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

export type District = { name: string; division: Division; aliases: readonly string[] };

const d = (name: string, division: Division, ...aliases: string[]): District => ({ name, division, aliases });

export const DISTRICTS: readonly District[] = [
  d("Barguna", "Barishal"),
  d("Barishal", "Barishal", "Barisal"),
  d("Bhola", "Barishal"),
  d("Jhalokathi", "Barishal", "Jhalokati", "Jhalakathi", "Jhalakati"),
  d("Patuakhali", "Barishal"),
  d("Pirojpur", "Barishal"),

  d("Bandarban", "Chattogram"),
  d("Brahmanbaria", "Chattogram", "B. Baria"),
  d("Chandpur", "Chattogram"),
  d("Chattogram", "Chattogram", "Chittagong"),
  d("Cox's Bazar", "Chattogram", "Coxs Bazar", "Cox Bazar"),
  d("Cumilla", "Chattogram", "Comilla"),
  d("Feni", "Chattogram"),
  d("Khagrachhari", "Chattogram", "Khagrachari"),
  d("Lakshmipur", "Chattogram", "Laxmipur", "Lakhsmipur"),
  d("Noakhali", "Chattogram"),
  d("Rangamati", "Chattogram"),

  d("Dhaka", "Dhaka"),
  d("Faridpur", "Dhaka"),
  d("Gazipur", "Dhaka"),
  d("Gopalganj", "Dhaka"),
  d("Kishoreganj", "Dhaka", "Kishorganj"),
  d("Madaripur", "Dhaka"),
  d("Manikganj", "Dhaka"),
  d("Munshiganj", "Dhaka"),
  d("Narayanganj", "Dhaka"),
  d("Narsingdi", "Dhaka", "Narshingdi"),
  d("Rajbari", "Dhaka"),
  d("Shariatpur", "Dhaka"),
  d("Tangail", "Dhaka"),

  d("Bagerhat", "Khulna"),
  d("Chuadanga", "Khulna"),
  d("Jashore", "Khulna", "Jessore"),
  d("Jhenaidah", "Khulna", "Jhenaidaha", "Jhenidah"),
  d("Khulna", "Khulna"),
  d("Kushtia", "Khulna"),
  d("Magura", "Khulna"),
  d("Meherpur", "Khulna"),
  d("Narail", "Khulna"),
  d("Satkhira", "Khulna"),

  d("Jamalpur", "Mymensingh"),
  d("Mymensingh", "Mymensingh"),
  d("Netrokona", "Mymensingh", "Netrakona"),
  d("Sherpur", "Mymensingh"),

  d("Bogura", "Rajshahi", "Bogra"),
  d("Chapai Nawabganj", "Rajshahi", "Chapainawabganj", "Nawabganj"),
  d("Joypurhat", "Rajshahi", "Jaipurhat"),
  d("Naogaon", "Rajshahi"),
  d("Natore", "Rajshahi"),
  d("Pabna", "Rajshahi"),
  d("Rajshahi", "Rajshahi"),
  d("Sirajganj", "Rajshahi", "Serajganj"),

  d("Dinajpur", "Rangpur"),
  d("Gaibandha", "Rangpur"),
  d("Kurigram", "Rangpur"),
  d("Lalmonirhat", "Rangpur"),
  d("Nilphamari", "Rangpur"),
  d("Panchagarh", "Rangpur", "Panchagar"),
  d("Rangpur", "Rangpur"),
  d("Thakurgaon", "Rangpur"),

  d("Habiganj", "Sylhet", "Hobiganj"),
  d("Moulvibazar", "Sylhet", "Maulvibazar", "Moulvi Bazar"),
  d("Sunamganj", "Sylhet"),
  d("Sylhet", "Sylhet"),
];

/** Every district's official name, alphabetically, for a select. */
export const DISTRICT_NAMES: readonly string[] = DISTRICTS.map((x) => x.name).sort((a, b) =>
  a.localeCompare(b, "en"),
);

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

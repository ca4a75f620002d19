/**
 * What a shopper types and what must come back first, on the demo catalogue
 * (src/server/seed/catalog-data.ts): the fixed list search may not get worse on, whichever path
 * serves it. Each query says what its first `top` results (5 unless said) must hold:
 * - `every`: every one of them matches (its title, or for `by` its first author);
 * - `first`: the first one matches;
 * - `some`: at least one matches;
 * - `searchedFor`: the "did you mean" the page shows, when the words were put right.
 *
 * `gap` marks a query the shop answers badly today, with what is wrong: it is reported, not
 * required, until search is made to answer it (issue 29's relevance work).
 */
/** What a search answers, as far as the cases read it. */
type Answer = {
  items: { title: string; authors: { name: string }[] }[];
  searchedFor?: string | undefined;
};

export type RelevanceCase = {
  q: string;
  kind: "english" | "bangla" | "banglish" | "typo" | "author" | "isbn" | "stationery" | "admission";
  top?: number;
  every?: RegExp;
  first?: RegExp;
  some?: RegExp;
  /** Match the rule against the first author's name instead of the title. */
  by?: true;
  searchedFor?: string;
  gap?: string;
};

export const RELEVANCE: RelevanceCase[] = [
  // English: a subject's words find that subject's books first.
  { q: "physics", kind: "english", some: /^Physics First Paper$/, every: /Physics/ },
  { q: "chemistry second paper", kind: "english", every: /^Chemistry Second Paper/ },
  { q: "biology", kind: "english", every: /^Biology (First|Second) Paper/ },
  { q: "higher math", kind: "english", every: /Higher Math/ },
  { q: "higher math second paper", kind: "english", every: /^Higher Math Second Paper/ },
  { q: "accounting", kind: "english", top: 3, every: /^Accounting/ },
  { q: "ict", kind: "english", every: /^ICT/ },
  { q: "english first paper", kind: "english", every: /^English First Paper/ },
  { q: "bangla", kind: "english", every: /^Bangla/ },
  { q: "economics", kind: "english", every: /^Economics/ },
  { q: "geography", kind: "english", top: 3, every: /^Geography/ },
  { q: "physics guide", kind: "english", every: /^Physics/ },
  { q: "physics first paper 2025", kind: "english", first: /^Physics First Paper.*2025/ },
  { q: "ict 2026", kind: "english", first: /^ICT.*2026/ },
  { q: "english grammar", kind: "english", first: /Grammar/ },
  { q: "crash course", kind: "english", top: 1, first: /Crash Course/ },
  { q: "test paper", kind: "english", every: /Test Papers/ },
  { q: "creative questions", kind: "english", every: /Creative Questions Solved/ },
  { q: "lecture sheet", kind: "english", every: /Lecture Sheet/ },
  { q: "bundle", kind: "english", top: 2, every: /Bundle/ },
  // Admission.
  { q: "medical admission", kind: "admission", every: /^Medical Admission/ },
  { q: "engineering", kind: "admission", every: /^Engineering Admission/ },
  { q: "varsity", kind: "admission", every: /^Varsity Admission/ },
  { q: "buet", kind: "admission", every: /^BUET/ },
  { q: "dhaka university", kind: "admission", every: /^Dhaka University/ },
  { q: "ka unit", kind: "admission", top: 3, every: /KA Unit/ },
  { q: "kha unit", kind: "admission", top: 3, every: /KHA Unit/ },
  { q: "rajshahi", kind: "admission", top: 3, every: /^Rajshahi University/ },
  { q: "model test", kind: "admission", every: /Model Tests/ },
  // Bangla: the Bangla words find the same books.
  { q: "পদার্থবিজ্ঞান", kind: "bangla", every: /^Physics/ },
  { q: "রসায়ন", kind: "bangla", every: /^Chemistry/ },
  { q: "জীববিজ্ঞান", kind: "bangla", every: /^Biology/ },
  { q: "উচ্চতর গণিত", kind: "bangla", every: /^Higher Math/ },
  { q: "হিসাববিজ্ঞান", kind: "bangla", top: 3, every: /^Accounting/ },
  { q: "অর্থনীতি", kind: "bangla", every: /^Economics/ },
  { q: "ভূগোল", kind: "bangla", top: 3, every: /^Geography/ },
  { q: "বাংলা প্রথম পত্র", kind: "bangla", top: 3, every: /^Bangla First Paper/ },
  { q: "তথ্য ও যোগাযোগ প্রযুক্তি", kind: "bangla", every: /^ICT/ },
  { q: "দ্বিতীয় পত্র", kind: "bangla", every: /Second Paper/ },
  { q: "মেডিকেল ভর্তি", kind: "bangla", every: /^Medical Admission/ },
  { q: "বুয়েট", kind: "bangla", every: /^BUET/ },
  // Banglish: Latin spellings of the Bangla words.
  { q: "podartho biggan", kind: "banglish", every: /^Physics/ },
  { q: "rosayon", kind: "banglish", every: /^Chemistry/ },
  { q: "jibobiggan", kind: "banglish", every: /^Biology/ },
  { q: "uchchotor gonit", kind: "banglish", every: /^Higher Math/ },
  { q: "gonit", kind: "banglish", every: /Math/ },
  { q: "hisab biggan", kind: "banglish", top: 3, every: /^Accounting/ },
  { q: "orthoniti", kind: "banglish", every: /^Economics/ },
  { q: "bhugol", kind: "banglish", top: 3, every: /^Geography/ },
  { q: "prothom potro", kind: "banglish", every: /First Paper/ },
  { q: "ditiyo potro", kind: "banglish", every: /Second Paper/ },
  {
    q: "tottho projukti",
    kind: "banglish",
    some: /^ICT/,
    gap: "finds nothing: the words are not taken for তথ্য প্রযুক্তি",
  },
  // Typos, put right and said so.
  { q: "phisics", kind: "typo", some: /^Physics First Paper$/, searchedFor: "physics" },
  { q: "chemestry", kind: "typo", some: /^Chemistry First Paper$/, searchedFor: "chemistry" },
  { q: "biolgy", kind: "typo", every: /^Biology/, searchedFor: "biology" },
  { q: "acounting", kind: "typo", top: 3, every: /^Accounting/, searchedFor: "accounting" },
  { q: "geografy", kind: "typo", top: 3, every: /^Geography/, searchedFor: "geography" },
  { q: "phisics frist", kind: "typo", every: /Physics First Paper/, searchedFor: "physics first" },
  {
    q: "biology 1st paper",
    kind: "typo",
    every: /^Biology First Paper/,
    gap: "finds nothing: 1st is not taken for first",
  },
  {
    q: "chem 2nd paper",
    kind: "typo",
    every: /^Chemistry Second Paper/,
    gap: "shows chemistry first paper: 2nd is not taken for second",
  },
  {
    q: "hsc 2027",
    kind: "typo",
    top: 1,
    some: /2027/,
    gap: "says “did you mean hsc 2024”: a year with no books is put right to another",
  },
  // Authors, by their names and a part of them.
  { q: "Tanvir Ahmed", kind: "author", by: true, every: /^Tanvir Ahmed$/ },
  { q: "nazma", kind: "author", by: true, top: 3, every: /Nazma Begum/ },
  { q: "Partha Sarathi Roy", kind: "author", by: true, every: /^Partha Sarathi Roy$/ },
  { q: "partho", kind: "author", by: true, first: /^Partha Sarathi Roy$/ },
  { q: "Kamrul Hasan", kind: "author", by: true, every: /^Kamrul Hasan$/ },
  { q: "mitu", kind: "author", by: true, every: /Sharmin Sultana Mitu/ },
  { q: "farid", kind: "author", by: true, every: /Farid Uddin Ahmed/ },
  // Stationery by brand and by thing.
  { q: "casio", kind: "stationery", top: 2, every: /^Casio/ },
  { q: "matador", kind: "stationery", top: 4, every: /^Matador/ },
  { q: "calculator", kind: "stationery", top: 3, every: /Calculator/ },
  { q: "pen", kind: "stationery", top: 3, every: /Pen\b/ },
  { q: "khata", kind: "stationery", top: 2, every: /Khata/ },
  { q: "highlighter", kind: "stationery", top: 1, every: /Highlighter/ },
  { q: "geometry box", kind: "stationery", top: 1, every: /Geometry Box/ },
  // ISBN, as printed on the back of a book (demo ISBNs: 978-984-<registrant>-…).
  {
    q: "978-984-10-0013-4",
    kind: "isbn",
    top: 1,
    every: /^Higher Math First Paper$/,
  },
  {
    q: "9789841000134",
    kind: "isbn",
    top: 1,
    every: /^Higher Math First Paper$/,
  },
];

/** What is wrong with a case's answer, or nothing. */
export function misses(c: RelevanceCase, page: Answer): string[] {
  const top = page.items.slice(0, c.top ?? 5);
  const text = (p: Answer["items"][number]) => (c.by ? (p.authors[0]?.name ?? "") : p.title);
  const out: string[] = [];
  if (top.length === 0) return ["nothing found"];
  if (c.every && !top.every((p) => c.every!.test(text(p))))
    out.push(`not every one of the first ${top.length} matches ${c.every}: ${top.map(text).join(" | ")}`);
  if (c.first && !c.first.test(text(top[0]!)))
    out.push(`the first does not match ${c.first}: ${text(top[0]!)}`);
  if (c.some && !top.some((p) => c.some!.test(text(p))))
    out.push(`none of the first ${top.length} matches ${c.some}: ${top.map(text).join(" | ")}`);
  if (c.searchedFor !== undefined && page.searchedFor !== c.searchedFor)
    out.push(`searched for “${page.searchedFor ?? ""}”, not “${c.searchedFor}”`);
  return out;
}

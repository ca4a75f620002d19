/**
 * The subjects a shopper can filter a list by (decision: a subject is read from a product's names).
 *
 * The catalogue has no subject column: a book's subject is in its title ("Physics First Paper",
 * "পদার্থবিজ্ঞান প্রথম পত্র", "Medical Admission Biology"). So a product is of a subject when its
 * English title has one of the subject's English words (as a whole word: "ICT", not "dictionary")
 * or its Bangla title has one of the subject's Bangla words. Staff tag nothing, and a new book is
 * filed under its subject by the title it already has.
 */
export const SUBJECT_CODES = [
  "physics",
  "chemistry",
  "math",
  "biology",
  "ict",
  "bangla",
  "english",
  "accounting",
  "management",
  "finance",
  "economics",
  "civics",
  "geography",
  "sociology",
  "islamic-history",
] as const;
export type Subject = (typeof SUBJECT_CODES)[number];

export type SubjectInfo = {
  /** The name the filter shows. */
  name: string;
  /** Lower-case English words (or phrases) of a title, matched as whole words. */
  en: readonly string[];
  /** Bangla words of a title, matched anywhere in it. */
  bn: readonly string[];
};

export const SUBJECTS: Record<Subject, SubjectInfo> = {
  physics: { name: /*i18n*/ "Physics", en: ["physics"], bn: ["পদার্থ"] },
  chemistry: { name: /*i18n*/ "Chemistry", en: ["chemistry"], bn: ["রসায়ন"] },
  math: { name: /*i18n*/ "Math", en: ["math", "mathematics"], bn: ["গণিত"] },
  biology: { name: /*i18n*/ "Biology", en: ["biology"], bn: ["জীববিজ্ঞান"] },
  ict: {
    name: /*i18n*/ "ICT",
    en: ["ict", "information and communication technology"],
    bn: ["তথ্য ও যোগাযোগ"],
  },
  bangla: { name: /*i18n*/ "Bangla", en: ["bangla", "bengali"], bn: ["বাংলা"] },
  english: { name: /*i18n*/ "English", en: ["english"], bn: ["ইংরেজি"] },
  accounting: { name: /*i18n*/ "Accounting", en: ["accounting"], bn: ["হিসাববিজ্ঞান"] },
  management: {
    name: /*i18n*/ "Business management",
    en: ["business organisation", "management"],
    bn: ["ব্যবসায় সংগঠন"],
  },
  finance: { name: /*i18n*/ "Finance and banking", en: ["finance", "banking"], bn: ["ফিন্যান্স", "ব্যাংকিং"] },
  economics: { name: /*i18n*/ "Economics", en: ["economics"], bn: ["অর্থনীতি"] },
  civics: { name: /*i18n*/ "Civics", en: ["civics"], bn: ["পৌরনীতি"] },
  geography: { name: /*i18n*/ "Geography", en: ["geography"], bn: ["ভূগোল"] },
  sociology: { name: /*i18n*/ "Sociology", en: ["sociology"], bn: ["সমাজবিজ্ঞান"] },
  "islamic-history": { name: /*i18n*/ "Islamic history", en: ["islamic history"], bn: ["ইসলামের ইতিহাস"] },
};

/**
 * The case-insensitive pattern an English title must match: one of the words, not inside another
 * word. The same text is a JavaScript and a PostgreSQL (`~*`) regular expression.
 */
export function subjectTitlePattern(subject: Subject): string {
  return `(^|[^a-z])(${SUBJECTS[subject].en.join("|")})([^a-z]|$)`;
}

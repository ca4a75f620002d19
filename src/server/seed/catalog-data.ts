import type { Track } from "../../contracts/catalog";
import type { StationeryIcon } from "./covers";

/** The raw material of the demo catalogue: subjects, series, authors, publishers and the rest. */

export type Group = "science" | "humanities" | "business" | "common";

export type Subject = {
  code: string;
  en: string;
  bn: string;
  group: Group;
  /** Books in English; the rest are in Bangla. */
  language: "bn" | "en";
  chapters: string[];
};

export const SUBJECTS: Subject[] = [
  {
    code: "phy1",
    en: "Physics First Paper",
    bn: "পদার্থবিজ্ঞান প্রথম পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Physical World and Measurement",
      "Vectors",
      "Dynamics",
      "Newtonian Mechanics",
      "Work, Energy and Power",
      "Gravitation and Gravity",
      "Structural Properties of Matter",
      "Periodic Motion",
      "Waves",
      "Ideal Gas and Kinetic Theory of Gases",
    ],
  },
  {
    code: "phy2",
    en: "Physics Second Paper",
    bn: "পদার্থবিজ্ঞান দ্বিতীয় পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Thermodynamics",
      "Static Electricity",
      "Current Electricity",
      "Magnetic Effects of Current and Magnetism",
      "Electromagnetic Induction and Alternating Current",
      "Geometrical Optics",
      "Physical Optics",
      "Introduction to Modern Physics",
      "Atomic Model and Nuclear Physics",
      "Semiconductors and Electronics",
      "Astrophysics",
    ],
  },
  {
    code: "chem1",
    en: "Chemistry First Paper",
    bn: "রসায়ন প্রথম পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Laboratory Safety",
      "Qualitative Chemistry",
      "Periodic Properties of Elements and Chemical Bonding",
      "Chemical Changes",
      "Work-Oriented Chemistry",
    ],
  },
  {
    code: "chem2",
    en: "Chemistry Second Paper",
    bn: "রসায়ন দ্বিতীয় পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Environmental Chemistry",
      "Organic Chemistry",
      "Quantitative Chemistry",
      "Electrochemistry",
      "Economic Chemistry",
    ],
  },
  {
    code: "hm1",
    en: "Higher Math First Paper",
    bn: "উচ্চতর গণিত প্রথম পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Matrices and Determinants",
      "Vectors",
      "Straight Lines",
      "Circles",
      "Permutations and Combinations",
      "Trigonometric Ratios",
      "Trigonometric Ratios of Associated Angles",
      "Functions and Graphs",
      "Differentiation",
      "Integration",
    ],
  },
  {
    code: "hm2",
    en: "Higher Math Second Paper",
    bn: "উচ্চতর গণিত দ্বিতীয় পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Real Numbers and Inequalities",
      "Linear Programming",
      "Complex Numbers",
      "Polynomials and Polynomial Equations",
      "Binomial Expansion",
      "Conics",
      "Inverse Trigonometric Functions and Equations",
      "Statics",
      "Motion of a Particle in a Plane",
      "Measures of Dispersion and Probability",
    ],
  },
  {
    code: "bio1",
    en: "Biology First Paper",
    bn: "জীববিজ্ঞান প্রথম পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Cell and Its Structure",
      "Cell Division",
      "Cell Chemistry",
      "Microorganisms",
      "Algae and Fungi",
      "Bryophyta and Pteridophyta",
      "Gymnosperms and Angiosperms",
      "Tissue and Tissue Systems",
      "Plant Physiology",
      "Plant Reproduction",
      "Biotechnology",
      "Organisms and Environment",
    ],
  },
  {
    code: "bio2",
    en: "Biology Second Paper",
    bn: "জীববিজ্ঞান দ্বিতীয় পত্র",
    group: "science",
    language: "bn",
    chapters: [
      "Animal Diversity and Classification",
      "Introduction to Animals",
      "Digestion and Absorption",
      "Blood and Circulation",
      "Respiration",
      "Waste and Excretion",
      "Locomotion and Movement",
      "Coordination and Control",
      "Continuity of Life",
      "Immunity of the Human Body",
      "Genetics and Evolution",
      "Animal Behaviour",
    ],
  },
  {
    code: "ict",
    en: "ICT",
    bn: "তথ্য ও যোগাযোগ প্রযুক্তি",
    group: "common",
    language: "bn",
    chapters: [
      "ICT: The World and Bangladesh",
      "Communication Systems and Networking",
      "Number Systems and Digital Devices",
      "Web Design and HTML",
      "Programming Language",
      "Database Management Systems",
    ],
  },
  {
    code: "ban1",
    en: "Bangla First Paper",
    bn: "বাংলা প্রথম পত্র",
    group: "common",
    language: "bn",
    chapters: ["Prose", "Poetry", "Novel", "Drama", "Supplementary Reading"],
  },
  {
    code: "ban2",
    en: "Bangla Second Paper",
    bn: "বাংলা দ্বিতীয় পত্র",
    group: "common",
    language: "bn",
    chapters: ["Pronunciation and Spelling", "Grammar", "Translation", "Letters and Applications", "Essays"],
  },
  {
    code: "eng1",
    en: "English First Paper",
    bn: "ইংরেজি প্রথম পত্র",
    group: "common",
    language: "en",
    chapters: [
      "Reading Comprehension",
      "Vocabulary in Context",
      "Summary Writing",
      "Paragraph Writing",
      "Story Completion",
      "Email and Letter Writing",
    ],
  },
  {
    code: "eng2",
    en: "English Second Paper",
    bn: "ইংরেজি দ্বিতীয় পত্র",
    group: "common",
    language: "en",
    chapters: [
      "Articles and Prepositions",
      "Right Forms of Verbs",
      "Narration",
      "Transformation of Sentences",
      "Completing Sentences",
      "Modifiers and Connectors",
      "Synonyms and Antonyms",
      "Punctuation and Capitalisation",
      "Composition",
    ],
  },
  {
    code: "acc1",
    en: "Accounting First Paper",
    bn: "হিসাববিজ্ঞান প্রথম পত্র",
    group: "business",
    language: "bn",
    chapters: [
      "Introduction to Accounting",
      "Accounting Information",
      "The Double-Entry System",
      "Journal",
      "Ledger",
      "Cash Book",
      "Bank Reconciliation Statement",
      "Trial Balance",
      "Worksheet",
    ],
  },
  {
    code: "bom1",
    en: "Business Organisation and Management First Paper",
    bn: "ব্যবসায় সংগঠন ও ব্যবস্থাপনা প্রথম পত্র",
    group: "business",
    language: "bn",
    chapters: [
      "Fundamentals of Business",
      "Business Environment",
      "Sole Proprietorship",
      "Partnership",
      "Joint Stock Companies",
      "Cooperatives",
    ],
  },
  {
    code: "fin1",
    en: "Finance, Banking and Insurance First Paper",
    bn: "ফিন্যান্স, ব্যাংকিং ও বিমা প্রথম পত্র",
    group: "business",
    language: "bn",
    chapters: [
      "Introduction to Finance",
      "Financial Management",
      "Time Value of Money",
      "Risk and Return",
      "Capital Budgeting",
    ],
  },
  {
    code: "eco1",
    en: "Economics First Paper",
    bn: "অর্থনীতি প্রথম পত্র",
    group: "humanities",
    language: "bn",
    chapters: [
      "Basic Concepts of Economics",
      "Consumer and Producer Behaviour",
      "Production and Cost",
      "Market",
      "Factors of Production",
      "National Income",
      "Money and Banking",
    ],
  },
  {
    code: "civ1",
    en: "Civics and Good Governance First Paper",
    bn: "পৌরনীতি ও সুশাসন প্রথম পত্র",
    group: "humanities",
    language: "bn",
    chapters: [
      "Basic Concepts of Civics",
      "The State",
      "Law, Liberty and Equality",
      "Citizenship",
      "Good Governance",
      "Constitution",
      "Political Parties",
    ],
  },
  {
    code: "geo1",
    en: "Geography First Paper",
    bn: "ভূগোল প্রথম পত্র",
    group: "humanities",
    language: "bn",
    chapters: [
      "Physical Geography",
      "The Earth's Structure",
      "Rocks and Minerals",
      "Atmosphere",
      "Ocean Currents",
      "Climate of Bangladesh",
    ],
  },
  {
    code: "soc1",
    en: "Sociology First Paper",
    bn: "সমাজবিজ্ঞান প্রথম পত্র",
    group: "humanities",
    language: "bn",
    chapters: [
      "Introduction to Sociology",
      "Society and Culture",
      "Socialisation",
      "Social Institutions",
      "Social Change",
    ],
  },
  {
    code: "ihc1",
    en: "Islamic History and Culture First Paper",
    bn: "ইসলামের ইতিহাস ও সংস্কৃতি প্রথম পত্র",
    group: "humanities",
    language: "bn",
    chapters: [
      "Arabia Before Islam",
      "The Life of the Prophet",
      "The Rightly Guided Caliphs",
      "The Umayyads",
      "The Abbasids",
    ],
  },
];

/** HSC series: how a subject's book of each kind is named and priced (taka). */
export type Series = {
  code: string;
  en: string;
  bn: string;
  /** Shown on the cover under the subject. */
  label: string;
  tracks: Track[];
  price: [number, number];
  /** The year goes into the title (test papers are for one exam). */
  yearInTitle: boolean;
  blurb: string;
};

export const HSC_SERIES: Series[] = [
  {
    code: "guide",
    en: "",
    bn: "",
    label: "Complete Guide",
    tracks: ["hsc"],
    price: [380, 650],
    yearInTitle: false,
    blurb:
      "A complete guide to {s} written to the current NCTB syllabus. Each chapter opens with the key ideas in plain language, then works through textbook exercises, creative (CQ) questions from all education boards with full answers, and MCQ practice.",
  },
  {
    code: "test",
    en: "Test Papers",
    bn: "টেস্ট পেপার",
    label: "Test Papers",
    tracks: ["hsc"],
    price: [250, 450],
    yearInTitle: true,
    blurb:
      "Test examination papers in {s} from leading colleges across Bangladesh, with solutions, so you can sit full papers under exam conditions in the last months before the HSC.",
  },
  {
    code: "qbank",
    en: "Board Question Bank",
    bn: "বোর্ড প্রশ্নব্যাংক",
    label: "Board Question Bank",
    tracks: ["hsc"],
    price: [300, 550],
    yearInTitle: false,
    blurb:
      "Every {s} question set by the nine general education boards in recent years, arranged chapter by chapter and solved step by step.",
  },
  {
    code: "mcq",
    en: "MCQ Practice",
    bn: "এমসিকিউ অনুশীলন",
    label: "MCQ Practice",
    tracks: ["hsc", "cycle"],
    price: [180, 320],
    yearInTitle: false,
    blurb:
      "Thousands of multiple-choice questions in {s} with short explanations, graded from basic to board standard, with answer keys at the end of each chapter.",
  },
  {
    code: "sheet",
    en: "Chapterwise Lecture Sheet",
    bn: "অধ্যায়ভিত্তিক লেকচার শিট",
    label: "Lecture Sheet",
    tracks: ["cycle"],
    price: [150, 280],
    yearInTitle: false,
    blurb:
      "Short lecture sheets for {s}, one for each chapter, made for the academic cycle: read one, practise its questions, and move on to the next in the week.",
  },
  {
    code: "cq",
    en: "Creative Questions Solved",
    bn: "সৃজনশীল প্রশ্ন ও সমাধান",
    label: "Creative Questions",
    tracks: ["hsc", "cycle"],
    price: [280, 480],
    yearInTitle: false,
    blurb:
      "Creative questions in {s} with model answers that show how marks are given for knowledge, comprehension, application and higher-ability parts.",
  },
];

/** An admission-test book (engineering, medical, varsity), published for each HSC batch. */
export type AdmissionTitle = {
  en: string;
  bn: string;
  /** Cover title and subtitle. */
  cover: [string, string];
  tracks: Track[];
  price: [number, number];
  /** Subject codes whose authors may write it; empty means admission specialists. */
  subjects: string[];
  language?: "bn" | "en";
  blurb: string;
};

export const ADMISSION_TITLES: AdmissionTitle[] = [
  {
    en: "BUET Admission Question Bank",
    bn: "বুয়েট ভর্তি প্রশ্নব্যাংক",
    cover: ["BUET Admission", "Question Bank"],
    tracks: ["engineering"],
    price: [550, 900],
    subjects: ["hm1", "hm2", "phy1"],
    blurb:
      "BUET admission test questions of the last twenty years in physics, chemistry and higher math, solved in full, with the short methods that save time in the written test.",
  },
  {
    en: "Engineering Admission Physics",
    bn: "ইঞ্জিনিয়ারিং ভর্তি পদার্থবিজ্ঞান",
    cover: ["Engineering Admission", "Physics"],
    tracks: ["engineering"],
    price: [450, 750],
    subjects: ["phy1", "phy2"],
    blurb:
      "Physics for BUET, CKRUET and the other engineering admission tests: concepts, formula sheets and hundreds of solved written problems.",
  },
  {
    en: "Engineering Admission Chemistry",
    bn: "ইঞ্জিনিয়ারিং ভর্তি রসায়ন",
    cover: ["Engineering Admission", "Chemistry"],
    tracks: ["engineering"],
    price: [420, 700],
    subjects: ["chem1", "chem2"],
    blurb:
      "Chemistry for the engineering admission tests, from mole calculations to organic reaction paths, with past questions solved.",
  },
  {
    en: "Engineering Admission Higher Math",
    bn: "ইঞ্জিনিয়ারিং ভর্তি উচ্চতর গণিত",
    cover: ["Engineering Admission", "Higher Math"],
    tracks: ["engineering"],
    price: [450, 750],
    subjects: ["hm1", "hm2"],
    blurb:
      "Higher math for the engineering admission tests: calculus, conics, complex numbers and vectors, with written problems solved the way examiners expect.",
  },
  {
    en: "CKRUET Admission Guide",
    bn: "চুয়েট-কুয়েট-রুয়েট ভর্তি সহায়িকা",
    cover: ["CKRUET Admission", "Complete Guide"],
    tracks: ["engineering"],
    price: [480, 780],
    subjects: [],
    blurb:
      "A single guide for the combined admission test of CUET, KUET and RUET: syllabus, marks distribution, past questions and model tests.",
  },
  {
    en: "Engineering Admission Model Tests",
    bn: "ইঞ্জিনিয়ারিং ভর্তি মডেল টেস্ট",
    cover: ["Engineering Admission", "Model Tests"],
    tracks: ["engineering"],
    price: [250, 400],
    subjects: [],
    blurb:
      "Thirty full model tests in the pattern of the engineering admission tests, with answers and timing tips.",
  },
  {
    en: "BUET Written Math: Solved Problems",
    bn: "বুয়েট লিখিত গণিত: সমাধানসহ সমস্যা",
    cover: ["BUET Written Math", "Solved Problems"],
    tracks: ["engineering"],
    price: [350, 600],
    subjects: ["hm1", "hm2"],
    blurb:
      "Written math problems in the style of the BUET admission test, each solved in full and marked by difficulty.",
  },
  {
    en: "MBBS Admission Question Bank",
    bn: "এমবিবিএস ভর্তি প্রশ্নব্যাংক",
    cover: ["MBBS Admission", "Question Bank"],
    tracks: ["medical"],
    price: [550, 900],
    subjects: ["bio1", "bio2"],
    blurb:
      "Every MBBS admission test since 2000, solved with explanations and references to the HSC textbook pages behind each answer.",
  },
  {
    en: "Medical Admission Biology",
    bn: "মেডিকেল ভর্তি জীববিজ্ঞান",
    cover: ["Medical Admission", "Biology"],
    tracks: ["medical"],
    price: [450, 750],
    subjects: ["bio1", "bio2"],
    blurb:
      "Biology for the medical and dental admission test, line by line from the textbooks, with the facts most often asked marked in each chapter.",
  },
  {
    en: "Medical Admission Chemistry",
    bn: "মেডিকেল ভর্তি রসায়ন",
    cover: ["Medical Admission", "Chemistry"],
    tracks: ["medical"],
    price: [380, 650],
    subjects: ["chem1", "chem2"],
    blurb:
      "Chemistry for the medical admission test: short notes, tables to remember and past MCQs with explanations.",
  },
  {
    en: "Medical Admission Physics",
    bn: "মেডিকেল ভর্তি পদার্থবিজ্ঞান",
    cover: ["Medical Admission", "Physics"],
    tracks: ["medical"],
    price: [380, 650],
    subjects: ["phy1", "phy2"],
    blurb:
      "Physics for the medical admission test, focused on the quick calculations and concepts the MCQs ask for.",
  },
  {
    en: "Medical Admission English and General Knowledge",
    bn: "মেডিকেল ভর্তি ইংরেজি ও সাধারণ জ্ঞান",
    cover: ["Medical Admission", "English and General Knowledge"],
    tracks: ["medical"],
    price: [300, 500],
    subjects: ["eng1", "eng2"],
    blurb:
      "English grammar and vocabulary with general knowledge on Bangladesh and the world, as asked in the medical admission test.",
  },
  {
    en: "Medical Admission Model Tests",
    bn: "মেডিকেল ভর্তি মডেল টেস্ট",
    cover: ["Medical Admission", "Model Tests"],
    tracks: ["medical"],
    price: [250, 400],
    subjects: [],
    blurb:
      "Full-length model tests of 100 MCQs in the exact pattern of the medical admission test, with negative marking practice.",
  },
  {
    en: "Dental Admission Guide",
    bn: "ডেন্টাল ভর্তি সহায়িকা",
    cover: ["Dental Admission", "Complete Guide"],
    tracks: ["medical"],
    price: [400, 700],
    subjects: ["bio1", "bio2"],
    blurb:
      "Preparation for the BDS admission test: subject notes, past questions and model tests in one book.",
  },
  {
    en: "Dhaka University KA Unit Question Bank",
    bn: "ঢাকা বিশ্ববিদ্যালয় ক ইউনিট প্রশ্নব্যাংক",
    cover: ["Dhaka University KA Unit", "Question Bank"],
    tracks: ["varsity"],
    price: [450, 800],
    subjects: [],
    blurb:
      "Questions of the Dhaka University science (KA) unit admission test, MCQ and written, solved with explanations.",
  },
  {
    en: "Dhaka University KHA Unit Question Bank",
    bn: "ঢাকা বিশ্ববিদ্যালয় খ ইউনিট প্রশ্নব্যাংক",
    cover: ["Dhaka University KHA Unit", "Question Bank"],
    tracks: ["varsity"],
    price: [420, 750],
    subjects: ["ban1", "eng1"],
    blurb:
      "Questions of the Dhaka University humanities (KHA) unit admission test, with Bangla, English and general knowledge answers.",
  },
  {
    en: "Dhaka University GA Unit Question Bank",
    bn: "ঢাকা বিশ্ববিদ্যালয় গ ইউনিট প্রশ্নব্যাংক",
    cover: ["Dhaka University GA Unit", "Question Bank"],
    tracks: ["varsity"],
    price: [420, 750],
    subjects: ["acc1", "fin1"],
    blurb:
      "Questions of the Dhaka University business studies (GA) unit admission test, solved, with accounting and finance notes.",
  },
  {
    en: "GST Cluster Admission Guide",
    bn: "গুচ্ছ ভর্তি সহায়িকা",
    cover: ["GST Cluster Admission", "Complete Guide"],
    tracks: ["varsity"],
    price: [450, 780],
    subjects: [],
    blurb:
      "A guide to the combined (GST) admission test of the general and science and technology universities.",
  },
  {
    en: "Jahangirnagar University Admission Guide",
    bn: "জাহাঙ্গীরনগর বিশ্ববিদ্যালয় ভর্তি সহায়িকা",
    cover: ["Jahangirnagar University", "Admission Guide"],
    tracks: ["varsity"],
    price: [380, 650],
    subjects: [],
    blurb:
      "Unit-by-unit preparation for the Jahangirnagar University admission test, with past questions and model tests.",
  },
  {
    en: "Rajshahi University Admission Question Bank",
    bn: "রাজশাহী বিশ্ববিদ্যালয় ভর্তি প্রশ্নব্যাংক",
    cover: ["Rajshahi University", "Question Bank"],
    tracks: ["varsity"],
    price: [380, 650],
    subjects: [],
    blurb: "Solved admission test questions of Rajshahi University for every unit.",
  },
  {
    en: "Varsity Admission English",
    bn: "বিশ্ববিদ্যালয় ভর্তি ইংরেজি",
    cover: ["Varsity Admission", "English"],
    tracks: ["varsity", "medical"],
    price: [300, 520],
    subjects: ["eng1", "eng2"],
    language: "en",
    blurb:
      "Grammar, vocabulary and reading for the university admission tests, with the questions asked at DU, JU and the GST cluster.",
  },
  {
    en: "Varsity Admission General Knowledge",
    bn: "বিশ্ববিদ্যালয় ভর্তি সাধারণ জ্ঞান",
    cover: ["Varsity Admission", "General Knowledge"],
    tracks: ["varsity"],
    price: [250, 450],
    subjects: [],
    blurb:
      "Bangladesh and international affairs for the admission tests, updated with the events of the year.",
  },
  {
    en: "Varsity Admission Model Tests",
    bn: "বিশ্ববিদ্যালয় ভর্তি মডেল টেস্ট",
    cover: ["Varsity Admission", "Model Tests"],
    tracks: ["varsity"],
    price: [250, 400],
    subjects: [],
    blurb:
      "Model tests for the science, humanities and business units of the public universities, with answers.",
  },
];

export const HSC_PUBLISHERS = [
  "Panjeree Publications",
  "Lecture Publications",
  "Hasan Book House",
  "Kabir Publications",
  "Ideal Books",
  "Pathshala Prokashon",
  "Agrani Academic Press",
];

export const ADMISSION_PUBLISHERS = [
  "Sopan Admission Press",
  "Unmesh Publications",
  "Prottoy Prokashon",
  "Lecture Publications",
  "Panjeree Publications",
];

export type AuthorSeed = {
  name: string;
  nameBn: string;
  /** What the author writes: subject codes, or "admission" for admission guides. */
  writes: string[];
  /** Who they are, one line. */
  role: string;
  years: number;
};

export const AUTHORS: AuthorSeed[] = [
  {
    name: "Md. Rafiqul Islam",
    nameBn: "মো. রফিকুল ইসলাম",
    writes: ["phy1", "phy2"],
    role: "Senior lecturer in physics at Notre Dame College, Dhaka",
    years: 22,
  },
  {
    name: "Dr. Nazma Begum",
    nameBn: "ড. নাজমা বেগম",
    writes: ["bio1", "bio2"],
    role: "Professor of botany at Eden Mohila College, Dhaka",
    years: 25,
  },
  {
    name: "Abdul Karim Mollah",
    nameBn: "আবদুল করিম মোল্লা",
    writes: ["hm1", "hm2"],
    role: "Lecturer in mathematics at Dhaka College",
    years: 18,
  },
  {
    name: "Tanvir Ahmed",
    nameBn: "তানভীর আহমেদ",
    writes: ["admission", "phy1", "hm1"],
    role: "BUET graduate in electrical engineering and admission coach",
    years: 9,
  },
  {
    name: "Farhana Yasmin",
    nameBn: "ফারহানা ইয়াসমিন",
    writes: ["chem1", "chem2"],
    role: "Lecturer in chemistry at Holy Cross College, Dhaka",
    years: 14,
  },
  {
    name: "Shafiqul Alam",
    nameBn: "শফিকুল আলম",
    writes: ["chem1", "chem2", "admission"],
    role: "Assistant professor of chemistry at Rajshahi College",
    years: 20,
  },
  {
    name: "Mahbubur Rahman",
    nameBn: "মাহবুবুর রহমান",
    writes: ["eng1", "eng2"],
    role: "Lecturer in English at Adamjee Cantonment College",
    years: 16,
  },
  {
    name: "Sadia Afrin",
    nameBn: "সাদিয়া আফরিন",
    writes: ["bio1", "bio2", "admission"],
    role: "Physician, Dhaka Medical College graduate and medical admission mentor",
    years: 8,
  },
  {
    name: "Kamrul Hasan",
    nameBn: "কামরুল হাসান",
    writes: ["hm1", "hm2", "admission"],
    role: "Mathematics teacher and author of engineering admission problem books",
    years: 15,
  },
  {
    name: "Dr. Anisur Rahman Khan",
    nameBn: "ড. আনিসুর রহমান খান",
    writes: ["phy1", "phy2"],
    role: "Professor of physics at Chittagong College",
    years: 28,
  },
  {
    name: "Nusrat Jahan",
    nameBn: "নুসরাত জাহান",
    writes: ["ban1", "ban2"],
    role: "Lecturer in Bangla at Viqarunnisa Noon School and College",
    years: 12,
  },
  {
    name: "Imtiaz Chowdhury",
    nameBn: "ইমতিয়াজ চৌধুরী",
    writes: ["ict"],
    role: "Software engineer and ICT teacher at a Dhaka college",
    years: 10,
  },
  {
    name: "Mizanur Rahman Sarkar",
    nameBn: "মিজানুর রহমান সরকার",
    writes: ["acc1", "fin1"],
    role: "Chartered accountant and lecturer in accounting at Government Commerce College, Chattogram",
    years: 17,
  },
  {
    name: "Rokeya Sultana",
    nameBn: "রোকেয়া সুলতানা",
    writes: ["civ1", "soc1"],
    role: "Lecturer in political science at Mymensingh Girls' College",
    years: 19,
  },
  {
    name: "Habibullah Siddiqui",
    nameBn: "হাবিবুল্লাহ সিদ্দিকী",
    writes: ["ihc1", "ban1"],
    role: "Associate professor of Islamic history at Sylhet MC College",
    years: 24,
  },
  {
    name: "Arif Hossain",
    nameBn: "আরিফ হোসেন",
    writes: ["phy1", "phy2", "admission"],
    role: "BUET graduate in mechanical engineering and physics instructor",
    years: 7,
  },
  {
    name: "Shirin Akter",
    nameBn: "শিরিন আক্তার",
    writes: ["eco1", "bom1"],
    role: "Lecturer in economics at Government Titumir College",
    years: 13,
  },
  {
    name: "Golam Mostafa",
    nameBn: "গোলাম মোস্তফা",
    writes: ["ban2", "ban1"],
    role: "Retired professor of Bangla at Jagannath University College",
    years: 35,
  },
  {
    name: "Dr. Subrata Das",
    nameBn: "ড. সুব্রত দাস",
    writes: ["chem2", "admission"],
    role: "Associate professor of chemistry at Khulna University",
    years: 21,
  },
  {
    name: "Partha Sarathi Roy",
    nameBn: "পার্থ সারথি রায়",
    writes: ["hm2", "hm1"],
    role: "Lecturer in mathematics at Carmichael College, Rangpur",
    years: 15,
  },
  {
    name: "Jannatul Ferdous",
    nameBn: "জান্নাতুল ফেরদৌস",
    writes: ["eng2", "admission"],
    role: "English instructor for varsity admission coaching",
    years: 9,
  },
  {
    name: "Saiful Islam Bhuiyan",
    nameBn: "সাইফুল ইসলাম ভূঁইয়া",
    writes: ["geo1", "soc1"],
    role: "Lecturer in geography at Comilla Victoria Government College",
    years: 18,
  },
  {
    name: "Moushumi Dey",
    nameBn: "মৌসুমী দে",
    writes: ["bio2", "bio1"],
    role: "Lecturer in zoology at Barishal BM College",
    years: 14,
  },
  {
    name: "Abu Bakar Siddique",
    nameBn: "আবু বকর সিদ্দিক",
    writes: ["admission", "eng1"],
    role: "Founder of a varsity admission coaching centre in Farmgate",
    years: 12,
  },
  {
    name: "Tahmina Haque",
    nameBn: "তাহমিনা হক",
    writes: ["ict", "hm1"],
    role: "Computer science graduate of Dhaka University and ICT author",
    years: 8,
  },
  {
    name: "Enamul Kabir",
    nameBn: "এনামুল কবির",
    writes: ["acc1", "bom1", "fin1"],
    role: "Lecturer in management at Dhaka Commerce College",
    years: 16,
  },
  {
    name: "Rezaul Karim Talukder",
    nameBn: "রেজাউল করিম তালুকদার",
    writes: ["eco1", "civ1"],
    role: "Assistant professor of economics at Bogura Azizul Haque College",
    years: 22,
  },
  {
    name: "Sharmin Sultana Mitu",
    nameBn: "শারমিন সুলতানা মিতু",
    writes: ["eng1", "eng2"],
    role: "IELTS trainer and lecturer in English at a Chattogram college",
    years: 11,
  },
  {
    name: "Ashraful Alam Shuvo",
    nameBn: "আশরাফুল আলম শুভ",
    writes: ["admission", "bio1"],
    role: "Medical student at Sir Salimullah Medical College and admission mentor",
    years: 5,
  },
  {
    name: "Dr. Farid Uddin Ahmed",
    nameBn: "ড. ফরিদ উদ্দিন আহমেদ",
    writes: ["phy2", "chem1"],
    role: "Professor of physics (retired), Jahangirnagar University",
    years: 33,
  },
];

export type BundleSeed = {
  title: string;
  titleBn: string;
  year: number;
  tracks: Track[];
  /** Which books: subject codes with a preferred series, or admission title indexes by track. */
  subjects?: string[];
  series?: string;
  admissionTrack?: Track;
  blurb: string;
};

export const BUNDLES: BundleSeed[] = [
  {
    title: "HSC 2024 Science Complete Set",
    titleBn: "এইচএসসি ২০২৪ বিজ্ঞান সম্পূর্ণ সেট",
    year: 2024,
    tracks: ["hsc"],
    subjects: ["phy1", "phy2", "chem1", "chem2", "hm1", "hm2", "bio1", "bio2"],
    series: "guide",
    blurb:
      "All eight science guides an HSC 2024 science student needs, from physics to biology, in one parcel.",
  },
  {
    title: "HSC 2024 Test Paper Pack",
    titleBn: "এইচএসসি ২০২৪ টেস্ট পেপার প্যাক",
    year: 2024,
    tracks: ["hsc"],
    series: "test",
    blurb: "The test papers of the main HSC 2024 subjects, for full-paper practice before the exam.",
  },
  {
    title: "HSC 2025 Science Complete Set",
    titleBn: "এইচএসসি ২০২৫ বিজ্ঞান সম্পূর্ণ সেট",
    year: 2025,
    tracks: ["hsc"],
    subjects: ["phy1", "phy2", "chem1", "chem2", "hm1", "hm2", "bio1", "bio2"],
    series: "guide",
    blurb: "The eight science guides for HSC 2025 in one set, at a lower price than buying them one by one.",
  },
  {
    title: "HSC 2025 Physics and Chemistry Bundle",
    titleBn: "এইচএসসি ২০২৫ পদার্থবিজ্ঞান ও রসায়ন বান্ডেল",
    year: 2025,
    tracks: ["hsc", "cycle"],
    subjects: ["phy1", "phy2", "chem1", "chem2"],
    blurb: "Both papers of physics and chemistry for HSC 2025: the two subjects most students find hardest.",
  },
  {
    title: "Medical Admission Pack 2025",
    titleBn: "মেডিকেল ভর্তি প্যাক ২০২৫",
    year: 2025,
    tracks: ["medical"],
    admissionTrack: "medical",
    blurb: "Question bank, subject books and model tests for the 2025 medical admission test.",
  },
  {
    title: "HSC 2026 Science Starter Set",
    titleBn: "এইচএসসি ২০২৬ বিজ্ঞান স্টার্টার সেট",
    year: 2026,
    tracks: ["hsc", "cycle"],
    subjects: ["phy1", "chem1", "hm1", "bio1"],
    series: "guide",
    blurb: "The first papers of the four science subjects, to start the HSC 2026 year on the right foot.",
  },
  {
    title: "HSC 2026 Higher Math Bundle",
    titleBn: "এইচএসসি ২০২৬ উচ্চতর গণিত বান্ডেল",
    year: 2026,
    tracks: ["hsc", "cycle"],
    subjects: ["hm1", "hm2"],
    blurb:
      "Everything for higher math in HSC 2026: both papers, with the guide, MCQ practice and creative questions.",
  },
  {
    title: "Engineering Admission Pack 2026",
    titleBn: "ইঞ্জিনিয়ারিং ভর্তি প্যাক ২০২৬",
    year: 2026,
    tracks: ["engineering"],
    admissionTrack: "engineering",
    blurb:
      "The engineering admission books of 2026: BUET question bank, physics, chemistry, higher math and model tests.",
  },
];

export type StationerySeed = {
  title: string;
  brand: string;
  category: StationeryIcon;
  price: number;
  sale?: number;
  description: string;
};

export const STATIONERY: StationerySeed[] = [
  {
    title: "Matador Pinpoint Ball Pen, Blue (Pack of 12)",
    brand: "Matador",
    category: "pen",
    price: 120,
    description:
      "The smooth 0.7 mm ball pen most students write their exams with. Twelve blue pens in a box.",
  },
  {
    title: "Econo DX Ball Pen, Black (Pack of 20)",
    brand: "Econo",
    category: "pen",
    price: 110,
    sale: 95,
    description: "Light, low-cost ball pens with a clear barrel so you can see the ink left.",
  },
  {
    title: "Matador Hi-School Gel Pen (Pack of 10)",
    brand: "Matador",
    category: "pen",
    price: 150,
    description: "0.5 mm gel pens for neat diagrams and labels, in blue.",
  },
  {
    title: "Faber-Castell Textliner Highlighter (Set of 5)",
    brand: "Faber-Castell",
    category: "highlighter",
    price: 280,
    sale: 240,
    description: "Five bright colours that do not bleed through thin textbook paper.",
  },
  {
    title: "Staedtler Noris HB Pencil (Pack of 12)",
    brand: "Staedtler",
    category: "pencil",
    price: 240,
    description: "Break-resistant HB pencils for diagrams, graphs and OMR sheets.",
  },
  {
    title: "Deli Mechanical Pencil 0.5 mm with Leads",
    brand: "Deli",
    category: "pencil",
    price: 90,
    description: "A mechanical pencil with a rubber grip and a tube of 0.5 mm HB leads.",
  },
  {
    title: "Fresh Exercise Khata, 200 Pages (Pack of 5)",
    brand: "Fresh",
    category: "notebook",
    price: 300,
    sale: 260,
    description: "Ruled 200-page exercise books on white 70 gsm paper, five in a pack.",
  },
  {
    title: "Bashundhara Spiral Notebook A5, 300 Pages",
    brand: "Bashundhara",
    category: "notebook",
    price: 180,
    description: "A spiral-bound A5 notebook with a hard cover that lasts the whole year.",
  },
  {
    title: "Practical Khata for Science (Pack of 4)",
    brand: "Fresh",
    category: "notebook",
    price: 160,
    description:
      "Practical notebooks with one ruled and one plain page for physics, chemistry, biology and ICT practicals.",
  },
  {
    title: "Casio fx-991ES Plus Scientific Calculator",
    brand: "Casio",
    category: "calculator",
    price: 1850,
    sale: 1690,
    description:
      "The natural-display scientific calculator allowed in HSC and admission exam halls, with 417 functions.",
  },
  {
    title: "Casio fx-100MS Scientific Calculator",
    brand: "Casio",
    category: "calculator",
    price: 1350,
    description:
      "A two-line scientific calculator with 300 functions, for statistics, fractions and equations.",
  },
  {
    title: "Deli D82ES Scientific Calculator",
    brand: "Deli",
    category: "calculator",
    price: 950,
    description: "A budget scientific calculator with a natural textbook display and solar backup.",
  },
  {
    title: "Faber-Castell Geometry Box",
    brand: "Faber-Castell",
    category: "geometry box",
    price: 350,
    description: "Compass, divider, protractor, set squares, scale, pencil and eraser in a metal box.",
  },
  {
    title: "Deli Mathematical Set, 8 Pieces",
    brand: "Deli",
    category: "geometry box",
    price: 220,
    description: "An eight-piece maths set in a plastic case for geometry and graph work.",
  },
  {
    title: "Clear Bag File A4 with Button (Pack of 10)",
    brand: "Deli",
    category: "file",
    price: 200,
    description: "Transparent A4 button files to keep lecture sheets and test papers by subject.",
  },
  {
    title: "Matador Display Book A4, 40 Pockets",
    brand: "Matador",
    category: "file",
    price: 170,
    sale: 150,
    description: "A display file with forty clear pockets for certificates and admission papers.",
  },
  {
    title: "Matador Whiteboard Marker (4 Colours)",
    brand: "Matador",
    category: "marker",
    price: 140,
    description: "Whiteboard markers in black, blue, red and green for group study at home.",
  },
  {
    title: "Staedtler Rasoplast Eraser (Pack of 4)",
    brand: "Staedtler",
    category: "eraser",
    price: 100,
    description: "Clean, smudge-free erasers for pencil work and OMR sheets.",
  },
  {
    title: "Steel Scale 30 cm",
    brand: "Deli",
    category: "ruler",
    price: 60,
    description: "A stainless steel ruler with centimetre and inch markings.",
  },
  {
    title: "Econo Permanent Marker (Pack of 3)",
    brand: "Econo",
    category: "marker",
    price: 90,
    sale: 75,
    description: "Quick-drying permanent markers to label files, boxes and parcels.",
  },
];

export type ContentSeed = {
  title: string;
  titleBn: string;
  tracks: Track[];
  year: number | null;
  price: number;
  /** Chapter titles in order. */
  chapters: string[];
  free: number;
  /** Subject code (or "admission") of the teacher. */
  writes: string;
  description: string;
};

export const CONTENT: ContentSeed[] = [
  {
    title: "HSC Physics First Paper Crash Course",
    writes: "phy1",
    titleBn: "এইচএসসি পদার্থবিজ্ঞান প্রথম পত্র ক্র্যাশ কোর্স",
    tracks: ["hsc", "cycle"],
    year: 2025,
    price: 999,
    chapters: [
      "Course introduction and how to study physics",
      "Vectors in one evening",
      "Dynamics: forces and momentum",
      "Newtonian mechanics: circular motion",
      "Work, energy and power",
      "Gravitation and satellites",
      "Periodic motion and waves",
      "Final revision and board question strategy",
    ],
    free: 2,
    description:
      "Eight recorded lessons that take you through the whole of physics first paper, with notes after every lesson.",
  },
  {
    title: "Higher Math First Paper: Calculus Masterclass",
    writes: "hm1",
    titleBn: "উচ্চতর গণিত প্রথম পত্র: ক্যালকুলাস মাস্টারক্লাস",
    tracks: ["hsc", "engineering"],
    year: 2025,
    price: 1299,
    chapters: [
      "Limits and continuity",
      "Derivatives from first principles",
      "Rules of differentiation",
      "Applications of derivatives",
      "Indefinite integrals",
      "Definite integrals and area",
    ],
    free: 1,
    description:
      "Differentiation and integration from the basics to BUET-level problems, taught with worked examples.",
  },
  {
    title: "Medical Admission Biology Final Revision",
    writes: "bio1",
    titleBn: "মেডিকেল ভর্তি জীববিজ্ঞান ফাইনাল রিভিশন",
    tracks: ["medical"],
    year: 2025,
    price: 1499,
    chapters: [
      "How the medical admission test is marked",
      "Cell and cell division",
      "Plant physiology in one sitting",
      "Human physiology: digestion, blood and respiration",
      "Coordination, excretion and immunity",
      "Genetics and evolution",
      "Biotechnology and environment",
      "Model test and answer discussion",
      "Last-week plan",
    ],
    free: 2,
    description:
      "A guided final revision of both biology papers for the medical admission test, with model tests.",
  },
  {
    title: "BUET Written Math Problem Solving",
    writes: "hm2",
    titleBn: "বুয়েট লিখিত গণিত সমস্যা সমাধান",
    tracks: ["engineering"],
    year: 2026,
    price: 1199,
    chapters: [
      "How BUET written math is marked",
      "Complex numbers",
      "Conics",
      "Vectors and 3D geometry",
      "Integration tricks",
      "Probability",
      "Full past paper walkthrough",
    ],
    free: 1,
    description: "Problem-solving sessions for the written math part of the BUET admission test.",
  },
  {
    title: "Dhaka University KA Unit Complete Preparation",
    writes: "admission",
    titleBn: "ঢাকা বিশ্ববিদ্যালয় ক ইউনিট সম্পূর্ণ প্রস্তুতি",
    tracks: ["varsity"],
    year: 2025,
    price: 1399,
    chapters: [
      "Unit overview and seat plan",
      "Physics MCQ drill",
      "Chemistry MCQ drill",
      "Math MCQ drill",
      "Biology MCQ drill",
      "Written part: how to answer",
      "Model test 1",
      "Model test 2",
      "Model test answers",
      "The last ten days",
    ],
    free: 2,
    description:
      "Everything for the Dhaka University science unit: subject drills, written answers and model tests.",
  },
  {
    title: "HSC English Second Paper Grammar Clinic",
    writes: "eng2",
    titleBn: "এইচএসসি ইংরেজি দ্বিতীয় পত্র গ্রামার ক্লিনিক",
    tracks: ["hsc", "cycle"],
    year: 2026,
    price: 499,
    chapters: [
      "Articles and prepositions",
      "Right forms of verbs",
      "Narration",
      "Transformation of sentences",
      "Modifiers and connectors",
    ],
    free: 1,
    description: "Short lessons on the grammar items of English second paper, each with a practice sheet.",
  },
];

export type StandaloneEbookSeed = {
  title: string;
  titleBn: string;
  cover: [string, string];
  tracks: Track[];
  year: number | null;
  price: number;
  /** Subject code whose chapters fill the PDF, or a list of chapter names. */
  chapters: string[];
  writes: string;
  language: "bn" | "en";
  description: string;
};

export const STANDALONE_EBOOKS: StandaloneEbookSeed[] = [
  {
    title: "500 Solved Problems in Higher Math for Engineering Admission",
    titleBn: "ইঞ্জিনিয়ারিং ভর্তি উচ্চতর গণিত: ৫০০ সমাধানকৃত সমস্যা",
    cover: ["500 Solved Problems", "Higher Math for Engineering Admission"],
    tracks: ["engineering"],
    year: 2025,
    price: 290,
    chapters: [
      "Complex Numbers",
      "Conics",
      "Vectors",
      "Differentiation",
      "Integration",
      "Probability",
      "Statics",
    ],
    writes: "hm1",
    language: "bn",
    description:
      "Five hundred engineering admission problems in higher math, each solved in full with the shortest method.",
  },
  {
    title: "Medical Admission Biology: 1000 MCQs with Explanations",
    titleBn: "মেডিকেল ভর্তি জীববিজ্ঞান: ১০০০ এমসিকিউ ব্যাখ্যাসহ",
    cover: ["1000 Biology MCQs", "For Medical Admission"],
    tracks: ["medical"],
    year: 2025,
    price: 250,
    chapters: [
      "Cell Biology",
      "Plant Physiology",
      "Human Physiology",
      "Genetics",
      "Evolution",
      "Biotechnology",
    ],
    writes: "bio2",
    language: "bn",
    description:
      "A thousand biology MCQs in the medical admission pattern, with a short explanation for every answer.",
  },
  {
    title: "Vocabulary Builder for Varsity Admission",
    titleBn: "বিশ্ববিদ্যালয় ভর্তি ভোকাবুলারি বিল্ডার",
    cover: ["Vocabulary Builder", "For Varsity Admission"],
    tracks: ["varsity"],
    year: null,
    price: 180,
    chapters: [
      "Word Roots",
      "Synonyms",
      "Antonyms",
      "Phrases and Idioms",
      "One-Word Substitutes",
      "Spelling",
    ],
    writes: "eng2",
    language: "en",
    description:
      "The words most often asked in university admission tests, grouped by root with example sentences.",
  },
  {
    title: "HSC ICT: C Programming Step by Step",
    titleBn: "এইচএসসি আইসিটি: ধাপে ধাপে সি প্রোগ্রামিং",
    cover: ["C Programming", "Step by Step for HSC ICT"],
    tracks: ["hsc", "cycle"],
    year: 2026,
    price: 150,
    chapters: [
      "Algorithms and Flowcharts",
      "Variables and Data Types",
      "Operators",
      "Conditions",
      "Loops",
      "Arrays",
      "Functions",
    ],
    writes: "ict",
    language: "bn",
    description:
      "The programming chapter of HSC ICT explained from flowcharts to arrays, with board questions solved in C.",
  },
];

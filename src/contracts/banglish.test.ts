import { describe, expect, it } from "vitest";
import { banglaKey, banglaKeys, KEY_MARK, latinKey, romanise, typedKey } from "./banglish";

/**
 * Real words of Bangla book titles, subjects and author names, each with the ways students type
 * it on an English keyboard. Every spelling must key the same as the Bangla word.
 */
const WORDS: [string, string[]][] = [
  // subjects
  ["পদার্থবিজ্ঞান", ["podarthobiggan", "padarthabiggan", "podartho biggan", "podarthobigyan", "podartobiggan"]],
  ["পদার্থ", ["podartho", "padartha", "podarto", "podartha"]],
  ["বিজ্ঞান", ["biggan", "bigyan", "biggyan", "bigan"]],
  ["রসায়ন", ["rosayon", "rasayan", "roshayon", "rosayan", "rashayan"]],
  ["উচ্চতর", ["uchchotor", "ucchotor", "uccotor", "uchchatar", "uchotor"]],
  ["গণিত", ["gonit", "ganit", "gonith"]],
  ["জীববিজ্ঞান", ["jibobiggan", "jibbiggan", "jiboviggan", "zibobiggan"]],
  ["জীব", ["jib", "jeeb", "jibo", "jeev"]],
  ["বাংলা", ["bangla", "bangala"]],
  ["ইংরেজি", ["ingreji", "engreji", "ingreji", "ingrezi"]],
  ["হিসাববিজ্ঞান", ["hisabbiggan", "hishabbiggan", "hisab biggan"]],
  ["অর্থনীতি", ["orthoniti", "arthaniti", "orthonity", "ortoneeti"]],
  ["ভূগোল", ["bhugol", "vugol", "bugol"]],
  ["ইতিহাস", ["itihas", "itihash", "etihas"]],
  ["পৌরনীতি", ["pouroniti", "pouraniti", "pourniti"]],
  ["সমাজবিজ্ঞান", ["somajbiggan", "samajbiggan", "shomajbiggan"]],
  ["মনোবিজ্ঞান", ["monobiggan", "manobiggan", "monobigyan"]],
  ["পরিসংখ্যান", ["porisongkhan", "parisankhyan", "porishonkhan", "porisonkhyan"]],
  ["ব্যাকরণ", ["byakoron", "bakoron", "byakaran", "bakaran"]],
  ["প্রাণিবিজ্ঞান", ["pranibiggan", "pranibigyan", "pranibiggyan"]],
  ["প্রযুক্তি", ["projukti", "prozukti", "prajukti"]],
  ["যুক্তিবিদ্যা", ["juktibidda", "juktibiddya", "juktividya"]],
  ["কৃষি", ["krishi", "krisi", "krishee"]],
  ["শিক্ষা", ["shikkha", "shiksha", "sikkha", "shikhkha"]],
  ["পরীক্ষা", ["porikkha", "pariksha", "poreekkha", "porikha"]],
  ["ব্যবসায়", ["bebsay", "babsay", "byabsay", "bebshay"]],
  ["উদ্যোগ", ["uddog", "uddyog", "udyog", "udog"]],
  ["রাষ্ট্রবিজ্ঞান", ["rashtrobiggan", "rastrobiggan", "rashtrabigyan"]],
  ["ইসলামের", ["islamer", "islamer"]],
  // title words
  ["প্রথম", ["prothom", "pratham", "protom"]],
  ["দ্বিতীয়", ["dwitiyo", "ditio", "dwitio", "dithiyo"]],
  ["পত্র", ["potro", "patra", "potra"]],
  ["অধ্যায়", ["oddhay", "adhyay", "oddhai", "addhay"]],
  ["প্রশ্ন", ["proshno", "prashna", "prosno", "proshna"]],
  ["উত্তর", ["uttor", "uttar", "utor"]],
  ["সমাধান", ["somadhan", "samadhan", "shomadhan"]],
  ["সহায়িকা", ["sohayika", "sahayika", "sohaika"]],
  ["নোট", ["note", "not", "nott"]],
  ["গাইড", ["gaid", "gaide", "gaeed"]],
  ["ভর্তি", ["bhorti", "vorti", "bharti", "vhorti"]],
  ["সাধারণ", ["sadharon", "sadharan", "shadharon"]],
  ["জ্ঞান", ["gyan", "gan", "ggan"]],
  ["বিশ্ব", ["bishwo", "bisso", "bishsho", "biswa"]],
  ["সাহিত্য", ["sahitto", "sahityo", "shahitto", "sahitya"]],
  ["কবিতা", ["kobita", "kabita", "kobeeta"]],
  ["উপন্যাস", ["uponnash", "upanyas", "uponnas", "uponyas"]],
  ["গল্প", ["golpo", "galpa", "golpa"]],
  ["ছোটগল্প", ["chhotogolpo", "chotogolpo", "chotogalpo", "chhotogalpo"]],
  ["বাংলাদেশ", ["bangladesh", "banglades", "bangladesh"]],
  ["মুক্তিযুদ্ধ", ["muktijuddho", "muktijuddha", "muktijudho", "muktizuddho"]],
  ["ইতিহাসের", ["itihaser", "itihasher"]],
  ["ছাত্র", ["chhatro", "chatro", "chatra", "chhatra"]],
  ["বই", ["boi", "bai", "boy"]],
  ["পাঠশালা", ["pathshala", "pathsala", "patshala"]],
  // author names
  ["হুমায়ূন", ["humayun", "humaun", "humayoon"]],
  ["আহমেদ", ["ahmed", "ahamed", "ahmad"]],
  ["জাফর", ["jafor", "zafar", "jafar"]],
  ["ইকবাল", ["ikbal", "iqbal", "ekbal"]],
  ["রবীন্দ্রনাথ", ["robindronath", "rabindranath", "robindranath", "rabindronath"]],
  ["ঠাকুর", ["thakur", "takur", "thakoor"]],
  ["কাজী", ["kazi", "kaji", "qazi"]],
  ["নজরুল", ["nazrul", "nojrul", "nozrul", "nojorul"]],
  ["ইসলাম", ["islam", "eslam"]],
  ["শরৎচন্দ্র", ["shoratchondro", "saratchandra", "sharatchandra", "shorotchondro"]],
  ["চট্টোপাধ্যায়", ["chottopadhyay", "chattopadhyay", "chottopaddhay"]],
  ["মুহম্মদ", ["muhammad", "muhommod", "muhammod"]],
  ["সুকান্ত", ["sukanto", "sukanta", "shukanto"]],
  ["ভট্টাচার্য", ["bhattacharya", "vottacharjo", "bhottacharjo"]],
  ["তপন", ["topon", "tapan"]],
  ["বিভাগ", ["bibhag", "bivag", "bibag"]],
];

describe("Banglish keys", () => {
  it("has at least 50 real Bangla words", () => {
    expect(WORDS.length).toBeGreaterThanOrEqual(50);
  });

  for (const [bangla, spellings] of WORDS) {
    it(`${bangla} is found by ${spellings.join(", ")}`, () => {
      const key = banglaKey(bangla);
      expect(key.length).toBeGreaterThanOrEqual(2);
      for (const s of spellings) {
        // A word typed in two (পদার্থ বিজ্ঞান) keys as one once its halves are joined.
        expect({ typed: s, key: latinKey(s.replace(/ /g, "")) }).toEqual({ typed: s, key });
      }
    });
  }

  it("romanises as students write", () => {
    expect(romanise("পদার্থবিজ্ঞান")).toBe("podarthobiggan");
    expect(romanise("রসায়ন")).toBe("rosayon");
    expect(romanise("উচ্চতর গণিত")).toBe("uchchotor gonit");
    expect(romanise("বাংলা ১ম পত্র")).toBe("bangla 1m potro");
  });

  it("reads ড় ঢ় য় whether written as one letter or with the dot apart", () => {
    expect(romanise("\u09AA\u09A1\u09BC\u09BE")).toBe("pora");
    expect(romanise("\u09AA\u09DC\u09BE")).toBe("pora");
    expect(banglaKey("\u09B0\u09B8\u09BE\u09DF\u09A8")).toBe(banglaKey("রসায়ন"));
  });

  it("keeps apart words that sound apart", () => {
    expect(banglaKey("রসায়ন")).not.toBe(banglaKey("গণিত"));
    expect(latinKey("physics")).not.toBe(banglaKey("পদার্থ"));
    expect(banglaKey("কুল")).not.toBe(banglaKey("কিল"));
  });

  it("marks the keys of a text's Bangla words, once each, and leaves English alone", () => {
    expect(banglaKeys("Physics 1st Paper পদার্থবিজ্ঞান ১ম পত্র পত্র")).toEqual([
      `${KEY_MARK}pdrtbign`,
      `${KEY_MARK}ptr`,
    ]);
    expect(banglaKeys("Higher Math")).toEqual([]);
  });

  it("keys only typed words of Latin letters", () => {
    expect(typedKey("rosayon")).toBe(`${KEY_MARK}rsn`);
    expect(typedKey("রসায়ন")).toBeNull();
    expect(typedKey("a")).toBeNull();
    expect(typedKey("2024")).toBeNull();
  });
});

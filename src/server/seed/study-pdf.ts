import {
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  rgb,
  StandardFonts,
} from "pdf-lib";
import { createRandom, type Random } from "./random";

/**
 * Demo e-book and chapter PDFs: a title page, contents, then chapters of plausible study text,
 * with an outline (bookmarks) to the contents and each chapter, as a real e-book has.
 * Standard fonts only, so every string is reduced to plain ASCII (the WinAnsi subset that is safe).
 */
export type StudyPdfSpec = {
  title: string;
  subtitle?: string;
  authors: string[];
  publisher?: string;
  /** Printed on the title page: "A demo edition from <shop>". */
  shopName: string;
  /** Chapter names; fewer are used when there are not enough pages. */
  chapters: string[];
  /** Exact number of pages, at least 2. */
  pages: number;
  /** Seeds the filler text, so the same spec always gives the same file. */
  seed: string;
};

const A5: [number, number] = [419.53, 595.28];
const MARGIN = 48;
const BODY_SIZE = 10.5;
const LEADING = 15;
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

/** Plain ASCII only: the standard PDF fonts cannot draw Bangla, and smart quotes are not needed. */
export function toPdfText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Word widths at 1 pt, per font: wrapping measures the same few hundred words over and over. */
const widths = new WeakMap<PDFFont, Map<string, number>>();

function widthOf(font: PDFFont, word: string): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let w = cache.get(word);
  if (w === undefined) {
    w = font.widthOfTextAtSize(word, 1);
    cache.set(word, w);
  }
  return w;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = widthOf(font, " ") * size;
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const word of text.split(" ")) {
    const w = widthOf(font, word) * size;
    if (line && used + space + w > width) {
      lines.push(line);
      line = word;
      used = w;
    } else {
      used += line ? space + w : w;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const OPENERS = [
  "This section explains {t} step by step, starting from the definitions used in the NCTB textbook.",
  "Before reading further, recall what you already know about {t} from the SSC syllabus.",
  "Board examiners often ask students to explain {t} with a neat, labelled diagram.",
  "Questions on {t} appear every year in the board exams and in university admission tests.",
];
const MIDDLES = [
  "Read each definition carefully and try to state it in your own words before moving on.",
  "A common mistake is to memorise results about {t} without knowing where they come from.",
  "Work through the examples with a pencil and paper; do not just read the solutions.",
  "Creative questions on {t} usually have four parts: knowledge, comprehension, application and higher ability.",
  "In MCQ tests the questions on {t} are short, so practise answering them quickly and accurately.",
  "Admission tests at BUET, the medical colleges and Dhaka University use the same ideas, often with a twist.",
  "Check the units at every step: most wrong answers in numerical problems come from a unit slip.",
  "Draw a quick sketch first; a good figure often shows the way to the answer.",
  "Compare your answer with the marking scheme and note where marks were lost.",
  "When two results look alike, write them side by side and mark the difference.",
  "Solve at least ten board questions on {t} from different education boards before the test.",
  "If a step is unclear, return to the worked example and redo it without looking.",
];
const CLOSERS = [
  "Make a one-page summary of {t} and keep it in your revision file.",
  "Revise this part again a week before the exam, and once more the night before.",
  "Mark the questions you got wrong and try them again after two days.",
];

function sentence(r: Random, list: string[], topic: string): string {
  return r.pick(list).replaceAll("{t}", topic);
}

function paragraph(r: Random, topic: string): string {
  const n = r.int(2, 4);
  const parts = [sentence(r, OPENERS, topic)];
  for (let i = 0; i < n; i++) parts.push(sentence(r, MIDDLES, topic));
  parts.push(sentence(r, CLOSERS, topic));
  return parts.join(" ");
}

type Block = { kind: "heading" | "text" | "example"; text: string };

/** An endless run of sections for a chapter: ideas, a worked example, practice questions. */
function* chapterBlocks(r: Random, number: number, topic: string): Generator<Block> {
  const lower = topic.toLowerCase();
  for (let section = 1; ; section++) {
    yield { kind: "heading", text: `${number}.${section} ${section % 3 === 0 ? "Practice" : "Key ideas"}` };
    if (section % 3 === 0) {
      for (let q = 1; q <= 4; q++) {
        yield {
          kind: "text",
          text: `${q}. ${r.pick(["Define", "Explain", "Describe", "Show with an example"])} ${r.pick([
            "the main result of",
            "an application of",
            "the limits of",
            "a common error in",
          ])} ${lower}. ${r.pick(["(2 marks)", "(3 marks)", "(4 marks)"])}`,
        };
      }
      continue;
    }
    yield { kind: "text", text: paragraph(r, lower) };
    yield { kind: "text", text: paragraph(r, lower) };
    yield {
      kind: "example",
      text: `Example ${number}.${section}. A question on ${lower} from a recent board exam. Solution: write down what is given and what is asked, choose the result that links them, and substitute with units. State the answer in a full sentence.`,
    };
  }
}

/** A PDF of exactly `spec.pages` pages; the same spec gives the same bytes. */
export async function buildStudyPdf(spec: StudyPdfSpec): Promise<Uint8Array> {
  const r = createRandom(spec.seed);
  const doc = await PDFDocument.create();
  const title = toPdfText(spec.title);
  doc.setTitle(title);
  doc.setAuthor(spec.authors.map(toPdfText).join(", "));
  doc.setSubject(toPdfText(spec.subtitle ?? "Study material"));
  doc.setProducer(toPdfText(spec.shopName));
  doc.setCreator(toPdfText(spec.shopName));
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const [pw, ph] = A5;
  const width = pw - 2 * MARGIN;
  const ink = rgb(0.1, 0.1, 0.12);
  const grey = rgb(0.45, 0.45, 0.5);
  let pageNo = 0;

  const newPage = (): PDFPage => {
    const page = doc.addPage(A5);
    pageNo += 1;
    if (pageNo > 1) {
      page.drawText(`${pageNo}`, { x: pw / 2 - 6, y: 24, size: 9, font: regular, color: grey });
      page.drawText(title.slice(0, 60), { x: MARGIN, y: ph - 30, size: 8, font: italic, color: grey });
    }
    return page;
  };

  const totalPages = Math.max(2, spec.pages);
  const hasContents = spec.chapters.length > 1 && totalPages >= 4;
  const bodyPages = totalPages - 1 - (hasContents ? 1 : 0);
  const chapters = spec.chapters.slice(0, Math.max(1, bodyPages)).map(toPdfText);
  const budget = chapters.map(
    (_, i) =>
      Math.floor(((i + 1) * bodyPages) / chapters.length) - Math.floor((i * bodyPages) / chapters.length),
  );

  // Title page.
  const cover = newPage();
  cover.drawRectangle({ x: 0, y: ph - 210, width: pw, height: 210, color: rgb(0.12, 0.23, 0.54) });
  let y = ph - 90;
  for (const line of wrap(title, bold, 24, width)) {
    cover.drawText(line, { x: MARGIN, y, size: 24, font: bold, color: rgb(1, 1, 1) });
    y -= 30;
  }
  y = ph - 250;
  if (spec.subtitle) {
    for (const line of wrap(toPdfText(spec.subtitle), regular, 14, width)) {
      cover.drawText(line, { x: MARGIN, y, size: 14, font: regular, color: ink });
      y -= 20;
    }
  }
  y -= 20;
  for (const author of spec.authors) {
    cover.drawText(toPdfText(author), { x: MARGIN, y, size: 12, font: bold, color: ink });
    y -= 18;
  }
  if (spec.publisher) {
    cover.drawText(toPdfText(spec.publisher), { x: MARGIN, y: 90, size: 11, font: regular, color: ink });
  }
  cover.drawText(`A demo edition from ${toPdfText(spec.shopName)}`, {
    x: MARGIN,
    y: 64,
    size: 9,
    font: italic,
    color: grey,
  });

  // Contents: each chapter's first page follows from the budget.
  if (hasContents) {
    const page = newPage();
    let cy = ph - 80;
    page.drawText("Contents", { x: MARGIN, y: cy, size: 18, font: bold, color: ink });
    cy -= 34;
    let start = 3;
    chapters.forEach((name, i) => {
      if (cy < 60) return;
      const label = `${i + 1}. ${name}`.slice(0, 58);
      page.drawText(label, { x: MARGIN, y: cy, size: 11, font: regular, color: ink });
      page.drawText(String(start), { x: pw - MARGIN - 16, y: cy, size: 11, font: regular, color: ink });
      start += budget[i]!;
      cy -= 20;
    });
  }

  chapters.forEach((name, i) => {
    const blocks = chapterBlocks(r, i + 1, name);
    let pending: Block | undefined;
    for (let p = 0; p < budget[i]!; p++) {
      const page = newPage();
      let cy = ph - 62;
      if (p === 0) {
        page.drawText(`Chapter ${i + 1}`, { x: MARGIN, y: cy - 8, size: 11, font: bold, color: grey });
        cy -= 34;
        for (const line of wrap(name, bold, 17, width)) {
          page.drawText(line, { x: MARGIN, y: cy, size: 17, font: bold, color: ink });
          cy -= 22;
        }
        cy -= 8;
      }
      // Fill the page with whole blocks; a block that does not fit starts the next page.
      for (;;) {
        const block = pending ?? blocks.next().value!;
        pending = undefined;
        const font = block.kind === "heading" ? bold : block.kind === "example" ? italic : regular;
        const size = block.kind === "heading" ? 12 : BODY_SIZE;
        const lines = wrap(block.text, font, size, width);
        const needed = lines.length * LEADING + (block.kind === "heading" ? 10 : 8);
        if (cy - needed < 48) {
          pending = block;
          break;
        }
        if (block.kind === "heading") cy -= 4;
        for (const line of lines) {
          page.drawText(line, { x: MARGIN, y: cy, size, font, color: ink });
          cy -= LEADING;
        }
        cy -= block.kind === "heading" ? 2 : 8;
      }
    }
  });

  const firstPage = 2 + (hasContents ? 1 : 0);
  const starts = chapters.map((name, i) => ({
    title: `${i + 1}. ${name}`,
    page: firstPage + budget.slice(0, i).reduce((a, b) => a + b, 0),
  }));
  addOutline(doc, [...(hasContents ? [{ title: "Contents", page: 2 }] : []), ...starts]);

  return doc.save();
}

/**
 * Writes a flat outline (/Outlines in the catalogue, one item per entry, each going to its page
 * fitted in the window): pdf-lib reads outlines but has no call to write one.
 */
function addOutline(doc: PDFDocument, entries: { title: string; page: number }[]): void {
  const pages = doc.getPages();
  const items = entries.filter((e) => pages[e.page - 1]);
  if (items.length === 0) return;
  const { context } = doc;
  const root = context.nextRef();
  const refs: PDFRef[] = items.map(() => context.nextRef());
  items.forEach((e, i) => {
    const item = context.obj({
      Title: PDFHexString.fromText(e.title),
      Parent: root,
      Dest: [pages[e.page - 1]!.ref, "Fit"],
      ...(i > 0 ? { Prev: refs[i - 1]! } : {}),
      ...(i < items.length - 1 ? { Next: refs[i + 1]! } : {}),
    });
    context.assign(refs[i]!, item);
  });
  context.assign(
    root,
    context.obj({ Type: "Outlines", First: refs[0]!, Last: refs[refs.length - 1]!, Count: items.length }),
  );
  doc.catalog.set(PDFName.of("Outlines"), root);
}

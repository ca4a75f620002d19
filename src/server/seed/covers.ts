import type { Track } from "../../contracts/catalog";
import { loadSharp } from "../services/catalog/images";

/**
 * Generated demo pictures: SVG drawn by sharp (librsvg) into a PNG that goes through storeImage
 * like any upload. English text only: the fonts a server has rarely include Bangla glyphs, and a
 * cover of empty boxes is worse than none.
 */

export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 1200;

export type CoverSpec = {
  /** Colour family. */
  track: Track | "stationery";
  /** Which of the family's designs (any whole number). */
  variant: number;
  /** Small line above the title, e.g. "HSC 2025". */
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** Under the subtitle, e.g. the author. */
  byline?: string;
  /** Bottom line, e.g. the publisher. */
  footer: string;
  /** A corner ribbon, e.g. "E-BOOK" or "BUNDLE". */
  ribbon?: string;
  /** Draws a stationery item in place of the pattern. */
  icon?: StationeryIcon;
};

export type StationeryIcon =
  | "pen"
  | "pencil"
  | "notebook"
  | "calculator"
  | "geometry box"
  | "file"
  | "highlighter"
  | "marker"
  | "eraser"
  | "ruler";

type Palette = { bg: string; deep: string; accent: string; ink: string; soft: string };

const PALETTES: Record<CoverSpec["track"], Palette[]> = {
  hsc: [
    { bg: "#1d4ed8", deep: "#1e3a8a", accent: "#fbbf24", ink: "#ffffff", soft: "#bfdbfe" },
    { bg: "#0369a1", deep: "#0c4a6e", accent: "#fde047", ink: "#ffffff", soft: "#bae6fd" },
    { bg: "#4338ca", deep: "#312e81", accent: "#f9a8d4", ink: "#ffffff", soft: "#c7d2fe" },
  ],
  cycle: [
    { bg: "#0f766e", deep: "#134e4a", accent: "#fde68a", ink: "#ffffff", soft: "#99f6e4" },
    { bg: "#15803d", deep: "#14532d", accent: "#fef08a", ink: "#ffffff", soft: "#bbf7d0" },
  ],
  engineering: [
    { bg: "#c2410c", deep: "#7c2d12", accent: "#fed7aa", ink: "#ffffff", soft: "#fdba74" },
    { bg: "#b45309", deep: "#78350f", accent: "#fef3c7", ink: "#ffffff", soft: "#fcd34d" },
    { bg: "#334155", deep: "#0f172a", accent: "#fb923c", ink: "#ffffff", soft: "#cbd5e1" },
  ],
  medical: [
    { bg: "#047857", deep: "#064e3b", accent: "#fecaca", ink: "#ffffff", soft: "#a7f3d0" },
    { bg: "#be123c", deep: "#881337", accent: "#fde68a", ink: "#ffffff", soft: "#fecdd3" },
  ],
  varsity: [
    { bg: "#6d28d9", deep: "#4c1d95", accent: "#fcd34d", ink: "#ffffff", soft: "#ddd6fe" },
    { bg: "#a21caf", deep: "#701a75", accent: "#a5f3fc", ink: "#ffffff", soft: "#f5d0fe" },
  ],
  stationery: [
    { bg: "#f1f5f9", deep: "#cbd5e1", accent: "#0ea5e9", ink: "#0f172a", soft: "#e2e8f0" },
    { bg: "#fef3c7", deep: "#fcd34d", accent: "#dc2626", ink: "#1c1917", soft: "#fde68a" },
    { bg: "#ecfccb", deep: "#bef264", accent: "#7c3aed", ink: "#1a2e05", soft: "#d9f99d" },
  ],
};

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Lines of at most `max` characters, breaking between words (a too-long word gets its own line). */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest title size whose lines fit the cover (bold sans is about 0.66 em a character). */
function fitTitle(title: string, width: number, maxLines: number): { size: number; lines: string[] } {
  for (const size of [96, 84, 74, 66, 58, 50, 44]) {
    const lines = wrapWords(title, Math.floor(width / (size * 0.66)));
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = 40;
  return { size, lines: wrapWords(title, Math.floor(width / (size * 0.66))).slice(0, maxLines) };
}

function pattern(p: Palette, variant: number): string {
  switch (variant % 4) {
    case 0:
      return `<circle cx="690" cy="170" r="210" fill="${p.accent}" opacity="0.22"/>
<circle cx="120" cy="1010" r="150" fill="${p.soft}" opacity="0.16"/>`;
    case 1:
      return `<path d="M0 880 L800 560 L800 760 L0 1080 Z" fill="${p.deep}" opacity="0.55"/>
<path d="M0 960 L800 640 L800 680 L0 1000 Z" fill="${p.accent}" opacity="0.45"/>`;
    case 2: {
      let dots = "";
      for (let y = 70; y < 330; y += 44) for (let x = 430; x < 770; x += 44) dots += `M${x} ${y}h6v6h-6z`;
      return `<path d="${dots}" fill="${p.soft}" opacity="0.45"/>
<rect x="0" y="1060" width="800" height="140" fill="${p.deep}"/>`;
    }
    default:
      return `<rect x="0" y="0" width="110" height="1200" fill="${p.deep}"/>
<rect x="110" y="0" width="10" height="1200" fill="${p.accent}"/>`;
  }
}

function icon(kind: StationeryIcon, p: Palette): string {
  const stroke = `stroke="${p.ink}" stroke-width="8" stroke-linejoin="round"`;
  switch (kind) {
    case "pen":
      return `<g transform="rotate(-35 400 330)"><rect x="160" y="300" width="420" height="60" rx="30" fill="${p.accent}" ${stroke}/>
<path d="M580 300 L670 330 L580 360 Z" fill="${p.soft}" ${stroke}/><rect x="200" y="286" width="150" height="16" rx="8" fill="${p.ink}"/></g>`;
    case "pencil":
      return `<g transform="rotate(-35 400 330)"><rect x="170" y="296" width="400" height="68" fill="${p.accent}" ${stroke}/>
<path d="M570 296 L680 330 L570 364 Z" fill="#f5d0a9" ${stroke}/><path d="M650 321 L680 330 L650 339 Z" fill="${p.ink}"/>
<rect x="130" y="296" width="40" height="68" fill="${p.soft}" ${stroke}/></g>`;
    case "notebook":
      return `<rect x="230" y="130" width="340" height="420" rx="18" fill="${p.accent}" ${stroke}/>
<path d="M300 230h210M300 290h210M300 350h210M300 410h150" stroke="${p.bg}" stroke-width="12" stroke-linecap="round"/>
${[170, 230, 290, 350, 410, 470].map((y) => `<circle cx="230" cy="${y}" r="16" fill="${p.bg}" ${stroke}/>`).join("")}`;
    case "calculator": {
      let keys = "";
      for (let r = 0; r < 4; r++)
        for (let c = 0; c < 4; c++)
          keys += `<rect x="${285 + c * 62}" y="${300 + r * 56}" width="44" height="38" rx="8" fill="${p.soft}"/>`;
      return `<rect x="260" y="110" width="280" height="460" rx="30" fill="${p.ink}"/>
<rect x="290" y="150" width="220" height="100" rx="10" fill="#d9f99d"/>${keys}`;
    }
    case "geometry box":
      return `<rect x="170" y="200" width="460" height="300" rx="22" fill="${p.accent}" ${stroke}/>
<path d="M230 440 L400 250 L570 440 Z" fill="none" ${stroke}/><circle cx="400" cy="250" r="14" fill="${p.ink}"/>
<path d="M250 470h300" stroke="${p.ink}" stroke-width="8"/>`;
    case "file":
      return `<path d="M190 190 h160 l40 40 h220 v320 h-420 z" fill="${p.accent}" ${stroke}/>
<rect x="250" y="280" width="300" height="24" rx="12" fill="${p.bg}"/>`;
    case "highlighter":
    case "marker":
      return [0, 1, 2]
        .map(
          (
            i,
          ) => `<g transform="rotate(-30 400 ${250 + i * 110})"><rect x="180" y="${220 + i * 110}" width="380" height="64" rx="14" fill="${[p.accent, p.soft, p.deep][i]}" ${stroke}/>
<rect x="560" y="${232 + i * 110}" width="70" height="40" rx="6" fill="${p.ink}"/></g>`,
        )
        .join("");
    case "eraser":
      return `<g transform="rotate(-20 400 340)"><rect x="220" y="260" width="360" height="150" rx="20" fill="${p.accent}" ${stroke}/>
<rect x="220" y="260" width="150" height="150" rx="20" fill="${p.soft}" ${stroke}/></g>`;
    case "ruler": {
      let ticks = "";
      for (let x = 150; x <= 650; x += 25) ticks += `M${x} 300 v${(x - 150) % 100 === 0 ? 50 : 28}`;
      return `<rect x="120" y="300" width="560" height="110" rx="10" fill="${p.accent}" ${stroke}/>
<path d="${ticks}" stroke="${p.ink}" stroke-width="5"/>`;
    }
  }
}

/** The SVG of a 2:3 cover. */
export function coverSvg(spec: CoverSpec): string {
  const palettes = PALETTES[spec.track];
  const p = palettes[Math.abs(spec.variant) % palettes.length]!;
  const design = Math.abs(spec.variant) % 4;
  const left = design === 3 && !spec.icon ? 170 : 70;
  const textWidth = 800 - left - 70;
  const top = spec.icon ? 700 : 430;
  const { size, lines } = fitTitle(spec.title, textWidth, spec.icon ? 3 : 4);
  const lineHeight = Math.round(size * 1.12);
  let y = top + size;
  const title = lines
    .map((line, i) => `<tspan x="${left}" y="${y + i * lineHeight}">${esc(line)}</tspan>`)
    .join("");
  y += (lines.length - 1) * lineHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 800 1200">`,
    `<rect width="800" height="1200" fill="${p.bg}"/>`,
    spec.icon
      ? `<rect x="0" y="0" width="800" height="640" fill="${p.soft}"/>${icon(spec.icon, p)}`
      : pattern(p, design),
    `<text x="${left}" y="${top - 40}" font-family="${FONT}" font-size="34" font-weight="bold" letter-spacing="4" fill="${p.accent}">${esc(spec.eyebrow.toUpperCase())}</text>`,
    `<text font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${p.ink}">${title}</text>`,
  ];
  if (spec.subtitle) {
    y += 70;
    for (const line of wrapWords(spec.subtitle, Math.floor(textWidth / 24)).slice(0, 2)) {
      parts.push(
        `<text x="${left}" y="${y}" font-family="${FONT}" font-size="42" fill="${p.ink}" opacity="0.92">${esc(line)}</text>`,
      );
      y += 52;
    }
  }
  // The byline goes where the text above leaves room for it, never over the footer.
  if (spec.byline && y + 40 <= 1070) {
    parts.push(
      `<text x="${left}" y="${Math.max(y + 40, 1010)}" font-family="${FONT}" font-size="32" fill="${p.ink}" opacity="0.85">${esc(spec.byline)}</text>`,
    );
  }
  parts.push(
    `<text x="${left}" y="1135" font-family="${FONT}" font-size="30" font-weight="bold" fill="${design === 2 && !spec.icon ? p.accent : p.ink}">${esc(spec.footer)}</text>`,
  );
  if (spec.ribbon) {
    parts.push(
      `<g transform="rotate(45 800 0)"><rect x="650" y="130" width="300" height="64" fill="${p.accent}"/>` +
        `<text x="800" y="174" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="bold" fill="${p.deep}">${esc(spec.ribbon)}</text></g>`,
    );
  }
  parts.push("</svg>");
  return parts.join("\n");
}

/** The cover as a PNG, ready for storeImage. */
export async function renderCover(spec: CoverSpec): Promise<Buffer> {
  // Opaque RGB: an alpha channel would cost WebP a second, lossless plane for nothing.
  return (await loadSharp())(Buffer.from(coverSvg(spec)))
    .flatten({ background: "#ffffff" })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

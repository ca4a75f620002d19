/**
 * What a course chapter's stored body becomes on the page: a text chapter's Markdown rendered to
 * HTML and sanitised here on the server (so no Markdown library reaches the browser), and a video
 * chapter's link turned into an embed address on the two players the page's policy allows. The
 * /info pages' Markdown goes through the same renderer (`renderMarkdown`).
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// The video parser lives with the contracts so the admin chapter form can preview a link in the browser.
export { parseVideoUrl, type VideoEmbed } from "../../../contracts/video";

/** Plain formatting only: no images, media, frames, forms, scripts or styles. */
const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "strong",
  "b",
  "em",
  "i",
  "del",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

/**
 * The sanitiser's rules for Markdown whose page headings start at `h{top}`: the page has its own
 * h1 (and a course chapter its own heading), so a `#` or `##` of the text becomes `h{top}`.
 */
function sanitizeOptions(top: 2 | 3): sanitizeHtml.IOptions {
  const heading = `h${top}`;
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "title", "rel", "target"], ol: ["start"], th: ["align"], td: ["align"] },
    // Relative links stay (they are the shop's own); absolute ones only over http(s) or to mail.
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    // A script's or style's text is dropped with it, not left behind as words.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
    transformTags: {
      h1: heading,
      h2: heading,
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: "noopener nofollow", target: "_blank" },
      }),
    },
  };
}

const SANITIZE = { 2: sanitizeOptions(2), 3: sanitizeOptions(3) } as const;

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown as safe HTML: formatting and http(s) links only, nothing that runs. Headings start at
 * `h{topHeading}` (3 for a course chapter, below the chapter's heading; 2 for an /info page).
 */
export function renderMarkdown(text: string, topHeading: 2 | 3): string {
  const html = markdown.parse(text, { async: false });
  return sanitizeHtml(html, SANITIZE[topHeading]).trim();
}

/** A text chapter's Markdown as safe HTML: formatting and http(s) links only, nothing that runs. */
export function renderChapterMarkdown(text: string): string {
  return renderMarkdown(text, 3);
}

/** The first paragraph of Markdown as plain text (a page's description), at most `max` characters. */
export function markdownSummary(text: string, max = 160): string {
  const para = markdown.lexer(text).find((t) => t.type === "paragraph");
  if (!para || !("text" in para)) return "";
  const plain = sanitizeHtml(markdown.parseInline(para.text, { async: false }), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

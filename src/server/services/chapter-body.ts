/**
 * What a course chapter's stored body becomes on the page: a text chapter's Markdown rendered to
 * HTML and sanitised here on the server (so no Markdown library reaches the browser), and a video
 * chapter's link turned into an embed address on the two players the page's policy allows.
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// The video parser lives with the contracts so the admin chapter form can preview a link in the browser.
export { parseVideoUrl, type VideoEmbed } from "../../contracts/video";

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

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "title", "rel", "target"], ol: ["start"], th: ["align"], td: ["align"] },
  // Relative links stay (they are the shop's own); absolute ones only over http(s) or to mail.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // A script's or style's text is dropped with it, not left behind as words.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
  transformTags: {
    // The page has its own h1 and a chapter heading: a chapter's headings start below them.
    h1: "h3",
    h2: "h3",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener nofollow", target: "_blank" },
    }),
  },
};

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** A text chapter's Markdown as safe HTML: formatting and http(s) links only, nothing that runs. */
export function renderChapterMarkdown(text: string): string {
  const html = markdown.parse(text, { async: false });
  return sanitizeHtml(html, SANITIZE).trim();
}

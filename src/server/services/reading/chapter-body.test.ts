import { describe, expect, it } from "vitest";
import { markdownSummary, parseVideoUrl, renderChapterMarkdown, renderMarkdown } from "./chapter-body";

describe("renderChapterMarkdown", () => {
  it("renders headings, lists, bold and paragraphs", () => {
    const html = renderChapterMarkdown("## Key ideas\n\n- **Force** is a push\n- Mass\n\nA paragraph.");
    expect(html).toContain("<h3>Key ideas</h3>");
    expect(html).toContain("<li><strong>Force</strong> is a push</li>");
    expect(html).toContain("<p>A paragraph.</p>");
  });

  it("drops script elements and their text", () => {
    const html = renderChapterMarkdown("Hello <script>alert(1)</script> world");
    expect(html).not.toMatch(/script/i);
    expect(html).not.toContain("alert");
    expect(html).toContain("Hello");
  });

  it("drops images, with their onerror handlers", () => {
    const html = renderChapterMarkdown(
      '<img src="x" onerror="alert(1)"> and ![pic](https://evil.example/a.png)',
    );
    expect(html).not.toMatch(/<img|onerror|evil\.example/i);
  });

  it("keeps no javascript: or data: link, in Markdown or raw HTML", () => {
    for (const md of [
      "[click](javascript:alert(1))",
      "[click](JaVaScRiPt:alert(1))",
      '<a href="javascript:alert(1)">x</a>',
      "[click](data:text/html;base64,PHNjcmlwdD4=)",
      '<a href="&#106;avascript:alert(1)">x</a>',
    ]) {
      const html = renderChapterMarkdown(md);
      expect(html, md).not.toMatch(/javascript:|data:/i);
    }
  });

  it("keeps http(s) links, opening apart with rel noopener nofollow", () => {
    const html = renderChapterMarkdown('[Board](https://example.com/syllabus "Syllabus")');
    expect(html).toBe(
      '<p><a href="https://example.com/syllabus" title="Syllabus" rel="noopener nofollow" target="_blank">Board</a></p>',
    );
    // A link's own rel or target is replaced, not kept.
    expect(renderChapterMarkdown('<a href="https://x.example" rel="opener" target="top">x</a>')).toBe(
      '<p><a href="https://x.example" rel="noopener nofollow" target="_blank">x</a></p>',
    );
  });

  it("strips raw HTML it does not allow: frames, styles, forms, event and style attributes", () => {
    const html = renderChapterMarkdown(
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
        '<form action="/x"><input name="a"></form><p onclick="alert(1)" style="color:red">Hi</p>' +
        '<svg onload="alert(1)"></svg><object data="x"></object>',
    );
    expect(html).not.toMatch(/iframe|style|form|input|onclick|onload|svg|object|display:none/i);
    expect(html).toContain("<p>Hi</p>");
  });
});

describe("parseVideoUrl", () => {
  const yt = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ",
  ])("embeds YouTube through youtube-nocookie: %s", (url) => {
    expect(parseVideoUrl(url)).toMatchObject({ provider: "youtube", embedUrl: yt });
  });

  it.each([
    "https://vimeo.com/76979871",
    "https://www.vimeo.com/76979871",
    "https://player.vimeo.com/video/76979871",
    "https://player.vimeo.com/video/76979871?h=abc",
  ])("embeds Vimeo without tracking: %s", (url) => {
    expect(parseVideoUrl(url)).toMatchObject({
      provider: "vimeo",
      embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
    });
  });

  it("keeps another http(s) address as a plain link only", () => {
    expect(parseVideoUrl("https://videos.example.com/lesson-1")).toEqual({
      provider: null,
      embedUrl: null,
      url: "https://videos.example.com/lesson-1",
    });
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://example.com/v.mp4",
    "not a url",
    "",
    "uploads/content/abc.pdf",
  ])("gives nothing for %j", (url) => {
    expect(parseVideoUrl(url)).toEqual({ provider: null, embedUrl: null, url: null });
  });

  it.each([
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E",
    "https://youtu.be/../../evil",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/channels/staffpicks",
    "https://player.vimeo.com/video/abc",
  ])("does not embed a look-alike or a bad id: %s", (url) => {
    expect(parseVideoUrl(url).embedUrl).toBeNull();
  });
});

describe("renderMarkdown for an /info page", () => {
  it("keeps ## as the page's h2 and # under the page's own h1", () => {
    expect(renderMarkdown("# Top\n\n## Section\n\n### Sub", 2)).toBe(
      "<h2>Top</h2>\n<h2>Section</h2>\n<h3>Sub</h3>",
    );
    expect(renderChapterMarkdown("## Section")).toBe("<h3>Section</h3>");
  });

  it("sanitises like a chapter", () => {
    const html = renderMarkdown('<script>x()</script>[a](javascript:alert(1)) <img src=x onerror="y()">', 2);
    expect(html).not.toMatch(/<script|x\(\)|href="javascript:|<img|onerror/);
  });
});

describe("markdownSummary", () => {
  it("is the first paragraph as plain text", () => {
    expect(markdownSummary("## Heading\n\nWe send **every** book & [pen](/x).\n\nMore.")).toBe(
      "We send every book & pen.",
    );
  });

  it("is cut at the limit with an ellipsis, and empty without a paragraph", () => {
    expect(markdownSummary("word ".repeat(100), 20)).toBe("word word word word…");
    expect(markdownSummary("## Only a heading")).toBe("");
  });
});

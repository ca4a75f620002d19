/**
 * A video chapter's link as the shop embeds it, on the two players the page's policy allows
 * (YouTube through youtube-nocookie.com, Vimeo with do-not-track). No server code here: the
 * course page's server renders with it, and the admin chapter form checks and previews a link
 * with the same parser in the browser.
 */

/** What a video chapter shows: an embedded player, a plain link, or nothing. */
export type VideoEmbed =
  | { provider: "youtube" | "vimeo"; embedUrl: string; url: string }
  | { provider: null; embedUrl: null; url: string | null };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com"]);

function safeUrl(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = parts[0];
  else if (YOUTUBE_HOSTS.has(url.hostname.toLowerCase()) || YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else if (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live") id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === "vimeo.com" || host === "www.vimeo.com") id = parts[0];
  else if (host === "player.vimeo.com" && parts[0] === "video") id = parts[1];
  return id && VIMEO_ID.test(id) ? id : null;
}

/**
 * A video chapter's stored link as the page embeds it: YouTube (watch, youtu.be, embed, shorts)
 * through youtube-nocookie.com and Vimeo with do-not-track, the only players the page's policy
 * frames; any other http(s) address a plain link; anything else nothing.
 */
export function parseVideoUrl(raw: string): VideoEmbed {
  const url = safeUrl(raw);
  if (!url) return { provider: null, embedUrl: null, url: null };
  const yt = youtubeId(url);
  if (yt)
    return { provider: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/${yt}`, url: url.href };
  const vimeo = vimeoId(url);
  if (vimeo)
    return { provider: "vimeo", embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1`, url: url.href };
  return { provider: null, embedUrl: null, url: url.href };
}

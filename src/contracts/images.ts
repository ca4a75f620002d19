/**
 * Responsive product images. A stored image is known by its key (a content hash); each width is a
 * WebP file served from `<media base>/images/<key>-<width>.webp` (`/media` unless MEDIA_PUBLIC_URL
 * puts pictures on a CDN or the bucket). Every width of IMAGE_WIDTHS exists for
 * every key (an image narrower than a width is stored at its own size, never enlarged), so any
 * URL built here resolves. Product images (covers) are 2:3, the largest 800×1200.
 *
 * No zod and no server code here: the browser bundle imports this module.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Width over height of product images (book covers and the rest). */
export const COVER_ASPECT = 2 / 3;

/** The largest stored width. */
export const MAX_IMAGE_WIDTH: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The storage key of one width of an image (also its path under the media base). */
export function imageFileKey(key: string, width: ImageWidth): string {
  return `images/${key}-${width}.webp`;
}

/** Where pictures are served when MEDIA_PUBLIC_URL is not set: the shop's own `/media/`. */
export const DEFAULT_MEDIA_BASE = "/media";

/**
 * The URL of one width of an image: the one place image URLs are made. `base` is where pictures
 * are served (the root data's `mediaBase`: MEDIA_PUBLIC_URL, a CDN or the bucket, else `/media`);
 * only `images/` keys ever get a URL, never an e-book's or a course's file.
 */
export function imageUrl(base: string, key: string, width: ImageWidth = 320): string {
  return `${base}/${imageFileKey(key, width)}`;
}

/**
 * A `srcset` value for an image. With the original width, widths beyond it are left out (their
 * files are the same pixels as the original), keeping at least the smallest.
 */
export function srcSet(base: string, key: string, originalWidth?: number): string {
  const widths = IMAGE_WIDTHS.filter((w, i) => i === 0 || originalWidth === undefined || w <= originalWidth);
  return widths.map((w) => `${imageUrl(base, key, w)} ${w}w`).join(", ");
}

/** An image URL to hand out beyond the page (Open Graph, JSON-LD): made absolute with the shop's origin when it is the shop's own path. */
export function absoluteImageUrl(origin: string, base: string, key: string, width: ImageWidth): string {
  const url = imageUrl(base, key, width);
  return url.startsWith("/") ? `${origin}${url}` : url;
}

/** Alias kept for readers who look for the name of the idea. */
export const imageSrcSet = srcSet;

/** The height of a 2:3 cover shown at a width, for `<img width height>` without layout shift. */
export function coverHeight(width: number): number {
  return Math.round(width / COVER_ASPECT);
}

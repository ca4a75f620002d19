/**
 * Uploads (decision 23): the one exception to JSON-only writes. A picture or a PDF is sent as the
 * request body with its own media type, on the upload endpoints only, and is checked by its bytes,
 * not by the type it claims. The limits and the demo-page rules are here so the admin pages and
 * the server say the same thing.
 */
import { versionField } from "./admin";
import { z } from "./zod";

const MB = 1024 * 1024;

/** The media types `POST /api/admin/images` takes (the picture is then checked by its content). */
export const IMAGE_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** The media type of the PDF uploads. */
export const PDF_UPLOAD_TYPE = "application/pdf";

/** The largest image upload (the image pipeline's own limit). */
export const MAX_IMAGE_UPLOAD_BYTES = 8 * MB;
/** The largest PDF upload: an e-book or a course's PDF chapter. */
export const MAX_PDF_BYTES = 100 * MB;

/** At most this many free preview pages per e-book. */
export const MAX_DEMO_PAGES = 50;

/**
 * The most pixels one image in an uploaded PDF may have (decision 27): 50 megapixels, so a 600 dpi
 * scan of a page up to B4 or US Legal passes (A4 at 600 dpi is 4,961 × 7,016 = 34.8 Mpx) while an
 * image that would take gigabytes to draw is refused before anything draws it.
 */
export const MAX_PAGE_IMAGE_PIXELS = 50_000_000;

/** Width in pixels of a page thumbnail. */
export const THUMBNAIL_WIDTH = 160;

/** How an uploaded picture is cropped: a 2:3 cover, a square (a photo), or kept as it is. */
export const IMAGE_CROPS = ["cover", "square", "original"] as const;
export type ImageCrop = (typeof IMAGE_CROPS)[number];

export const imageUploadQuerySchema = z.object({
  crop: z
    .enum(IMAGE_CROPS, { error: `crop must be one of ${IMAGE_CROPS.join(", ")}` })
    .default("original")
    .meta({ description: "cover: centre-cropped to 2:3 (products); square (a photo); original (as it is)" }),
});

/** `?version=N` of a PDF upload: the version of the record the upload replaces the file of. */
export const uploadVersionQuerySchema = z.object({ version: versionField });

export const DEMO_PAGES_SORTED = "List the pages in ascending order";
export const DEMO_PAGES_DISTINCT = "A page is listed twice";

/** `PUT /api/admin/ebooks/{id}/demo`: the free preview pages, ascending, each once. */
export const demoPagesInputSchema = z.object({
  demoPages: z
    .array(
      z
        .int({ error: "A page is a whole number" })
        .min(1, { error: "Pages start at 1" })
        .max(100_000, { error: "No such page" }),
      { error: "demoPages must be a list of page numbers" },
    )
    .max(MAX_DEMO_PAGES, { error: `At most ${MAX_DEMO_PAGES} preview pages` })
    .superRefine((pages, ctx) => {
      for (let i = 1; i < pages.length; i++) {
        if (pages[i] === pages[i - 1]) {
          ctx.addIssue({ code: "custom", message: DEMO_PAGES_DISTINCT });
          return;
        }
        if ((pages[i] as number) < (pages[i - 1] as number)) {
          ctx.addIssue({ code: "custom", message: DEMO_PAGES_SORTED });
          return;
        }
      }
    }),
  version: versionField,
});
export type DemoPagesInput = z.infer<typeof demoPagesInputSchema>;

/** The address of one page thumbnail; `v` (the file's short hash) lets the browser keep it. */
export function thumbnailUrl(ebookId: number, page: number, v?: string): string {
  return `/api/admin/ebooks/${ebookId}/thumbnails/${page}${v ? `?v=${v}` : ""}`;
}

/** "2.4 MB", "830 kB": a file size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, "")} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

export type StoredImageAnswer = z.infer<typeof import("./answers/staff-catalog").storedImageSchema>;
export type EbookPdf = z.infer<typeof import("./answers/staff-catalog").ebookPdfSchema>;
export type ChapterPdf = z.infer<typeof import("./answers/staff-catalog").chapterPdfSchema>;

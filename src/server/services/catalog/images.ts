import { createHash } from "node:crypto";
import type { Metadata, OutputInfo } from "sharp";
import { IMAGE_WIDTHS, type ImageWidth, imageFileKey, MAX_IMAGE_WIDTH } from "../../../contracts/images";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { MAX_IMAGE_UPLOAD_BYTES } from "../../../contracts/uploads";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

export const MAX_IMAGE_BYTES = MAX_IMAGE_UPLOAD_BYTES;
export const MAX_IMAGE_SIDE = 6000;
/** The most pixels the decoder takes from an uploaded picture (libvips refuses more before decoding). */
export const MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

/**
 * An uploaded picture opened for decoding: libvips refuses one of more than MAX_IMAGE_PIXELS
 * pixels before it decodes a row, so a small file declaring huge dimensions (a decompression
 * bomb) cannot take the server's memory whatever checks come before (decision 27).
 */
export async function decoderOf(input: Uint8Array) {
  return (await loadSharp())(input, { limitInputPixels: MAX_IMAGE_PIXELS });
}

/**
 * sharp (libvips), loaded when a picture is first handled: not at every start of the server, which
 * spent 370 ms on it.
 */
export async function loadSharp() {
  return (await import("sharp")).default;
}

export const IMAGE_NOT_AN_IMAGE = "The file is not an image we can read: upload a JPEG, PNG, WebP or AVIF";
export const IMAGE_TOO_LARGE = "The image is larger than 8 MB";
export const IMAGE_EMPTY = "The file is empty";
export const IMAGE_DAMAGED = "The image file is damaged or incomplete: save it again and upload the new file";

const FORMAT_NAMES: Record<string, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", heif: "AVIF" };

export type StoredImage = {
  /** What products.image holds: the content hash, without width or extension. */
  key: string;
  /** Size of the picture as stored (after turning it upright and any crop), before resizing. */
  width: number;
  height: number;
};

export type StoreImageOptions = {
  /** Width over height to centre-crop to first, e.g. 2 / 3 for a book cover. */
  aspect?: number;
  /** WebP encoder effort 0–6: lower is faster and a little larger (the demo seed uses 0). */
  effort?: number;
  quality?: number;
};

type Checked = { width: number; height: number };

/** Refuses anything but a JPEG, PNG, WebP or AVIF image of at most 8 MB and 6000×6000 pixels. */
async function checkImage(input: Uint8Array): Promise<Checked> {
  if (input.byteLength === 0) throw new DomainError("invalid", IMAGE_EMPTY);
  if (input.byteLength > MAX_IMAGE_BYTES) throw new DomainError("invalid", IMAGE_TOO_LARGE);
  let meta: Metadata;
  try {
    // The header only, nothing decoded: read whatever its size, so a picture too large is refused
    // with its size below rather than as unreadable.
    meta = await (await loadSharp())(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError("invalid", IMAGE_NOT_AN_IMAGE);
  }
  const isAvif = meta.format === "heif" && meta.compression === "av1";
  if (!meta.format || !(meta.format in FORMAT_NAMES) || (meta.format === "heif" && !isAvif)) {
    const got = meta.format === "heif" ? "HEIC" : (meta.format ?? "unknown").toUpperCase();
    throw new DomainError("invalid", fillMessage(M.imageFormatRefused, { format: got }));
  }
  if (!meta.width || !meta.height) throw new DomainError("invalid", IMAGE_NOT_AN_IMAGE);
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) {
    const values = { width: meta.width, height: meta.height, side: MAX_IMAGE_SIDE };
    throw new DomainError("invalid", fillMessage(M.imageTooLarge, values));
  }
  // EXIF orientations 5–8 are a quarter turn: the upright picture has width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** The centred crop of a picture to an aspect (width over height), or the whole picture. */
export function cropToAspect(size: Checked, aspect?: number): Checked & { left: number; top: number } {
  if (!aspect) return { ...size, left: 0, top: 0 };
  const width = Math.min(size.width, Math.round(size.height * aspect));
  const height = Math.min(size.height, Math.round(width / aspect));
  return {
    width,
    height,
    left: Math.floor((size.width - width) / 2),
    top: Math.floor((size.height - height) / 2),
  };
}

/** The pixel size of each stored width: never wider than the picture itself. */
export function plannedWidths(originalWidth: number): { width: ImageWidth; pixels: number }[] {
  return IMAGE_WIDTHS.map((width) => ({ width, pixels: Math.min(width, originalWidth) }));
}

/**
 * Checks an uploaded image, then stores it as WebP at every width of IMAGE_WIDTHS (never
 * enlarged) under a key made from its content: the same picture stored twice is one set of files.
 */
export async function storeImage(
  ctx: Pick<Ctx, "storage">,
  input: Uint8Array,
  opts: StoreImageOptions = {},
): Promise<StoredImage> {
  const size = await checkImage(input);
  const crop = cropToAspect(size, opts.aspect);
  const key = createHash("sha256")
    .update(input)
    .update(`|v1|${opts.aspect ?? ""}`)
    .digest("hex")
    .slice(0, 24);
  const stored: StoredImage = { key, width: crop.width, height: crop.height };
  // The largest width is written last, so its presence means the whole set is there.
  if (await ctx.storage.has(imageFileKey(key, MAX_IMAGE_WIDTH))) return stored;

  // Decode once, upright and cropped, at the largest size any width needs; shrink from that.
  let pipeline = (await decoderOf(input)).rotate();
  if (opts.aspect) {
    pipeline = pipeline.extract({ left: crop.left, top: crop.top, width: crop.width, height: crop.height });
  }
  const base = Math.min(crop.width, MAX_IMAGE_WIDTH);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await pipeline
      .resize({ width: base, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header read well but the pixels do not: a truncated or damaged file.
    throw new DomainError("invalid", IMAGE_DAMAGED);
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const webp = { quality: opts.quality ?? 80, effort: opts.effort ?? 4 };
  const encoded = new Map<number, Promise<Buffer>>();
  const sharp = await loadSharp();
  const encode = (pixels: number) => {
    let file = encoded.get(pixels);
    if (!file) {
      const img = sharp(data, raw);
      file = (pixels < info.width ? img.resize({ width: pixels }) : img).webp(webp).toBuffer();
      encoded.set(pixels, file);
    }
    return file;
  };
  const plan = plannedWidths(info.width);
  const files = await Promise.all(plan.map((p) => encode(p.pixels)));
  const smaller = plan.slice(0, -1);
  await Promise.all(
    smaller.map((p, i) => ctx.storage.put(imageFileKey(key, p.width), files[i]!, "image/webp")),
  );
  await ctx.storage.put(imageFileKey(key, MAX_IMAGE_WIDTH), files[plan.length - 1]!, "image/webp");
  return stored;
}

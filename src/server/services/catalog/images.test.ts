import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bombPng } from "../../../../tests/support/bombs";
import { IMAGE_WIDTHS, imageFileKey } from "../../../contracts/images";
import { createMemoryStorage } from "../../integrations/storage/memory";
import { DomainError } from "../errors";
import {
  cropToAspect,
  decoderOf,
  IMAGE_DAMAGED,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_TOO_LARGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  plannedWidths,
  storeImage,
} from "./images";

function picture(width: number, height: number, format: "png" | "jpeg" | "webp" | "gif" = "png") {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).kind).toBe("invalid");
  return err as DomainError;
}

async function sizeOf(storage: ReturnType<typeof createMemoryStorage>, key: string) {
  const file = await storage.get(key);
  if (!file) throw new Error(`no file at ${key}`);
  const meta = await sharp(file.bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, type: file.contentType };
}

describe("storeImage", () => {
  it("refuses a text file", async () => {
    const storage = createMemoryStorage();
    const err = await refusal(storeImage({ storage }, Buffer.from("hello, this is not a picture\n")));
    expect(err.message).toBe(IMAGE_NOT_AN_IMAGE);
    expect(storage.keys()).toEqual([]);
  });

  it("refuses an image wider than 6000 pixels, naming its size", async () => {
    const storage = createMemoryStorage();
    const err = await refusal(storeImage({ storage }, await picture(6001, 10)));
    expect(err.message).toBe("The image is 6001×10 pixels; the largest allowed is 6000×6000");
    expect(storage.keys()).toEqual([]);
  });

  it("refuses a 400 kB PNG declaring 20,000 × 20,000 pixels (a decompression bomb) by its size, decoding nothing", async () => {
    const storage = createMemoryStorage();
    const bomb = await bombPng(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(500_000);
    const before = process.memoryUsage().rss;
    const err = await refusal(storeImage({ storage }, bomb));
    expect(err.message).toBe("The image is 20000×20000 pixels; the largest allowed is 6000×6000");
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(storage.keys()).toEqual([]);
  }, 30_000);

  it("decodes no picture of more than MAX_IMAGE_PIXELS, whatever checked it before", async () => {
    const over = await bombPng(MAX_IMAGE_PIXELS / 3000 + 1, 3000);
    await expect((await decoderOf(over)).raw().toBuffer()).rejects.toThrow(/pixel limit/);
    const within = await bombPng(3000, 3000);
    const { info } = await (await decoderOf(within))
      .resize({ width: 10 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([10, 10]);
  }, 30_000);

  it("refuses a file over 8 MB before reading it", async () => {
    const storage = createMemoryStorage();
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    (await picture(10, 10)).copy(big);
    const err = await refusal(storeImage({ storage }, big));
    expect(err.message).toBe(IMAGE_TOO_LARGE);
  });

  it("refuses a damaged file whose header reads well", async () => {
    const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
    const whole = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#000", noise } })
      .png()
      .toBuffer();
    const err = await refusal(storeImage({ storage: createMemoryStorage() }, whole.subarray(0, 2000)));
    expect(err.message).toBe(IMAGE_DAMAGED);
  });

  it("refuses a GIF, saying which formats are accepted", async () => {
    const err = await refusal(storeImage({ storage: createMemoryStorage() }, await picture(20, 20, "gif")));
    expect(err.message).toBe("GIF images are not accepted: upload a JPEG, PNG, WebP or AVIF");
  });

  it("stores a WebP at every width, keeping the aspect of the original", async () => {
    const storage = createMemoryStorage();
    const stored = await storeImage({ storage }, await picture(1000, 1500, "jpeg"));
    expect(stored).toMatchObject({ width: 1000, height: 1500 });
    expect(stored.key).toMatch(/^[0-9a-f]{24}$/);
    for (const width of IMAGE_WIDTHS) {
      const file = await sizeOf(storage, imageFileKey(stored.key, width));
      expect(file).toEqual({ format: "webp", width, height: width * 1.5, type: "image/webp" });
    }
  });

  it("never enlarges: widths beyond a small original are stored at the original size", async () => {
    const storage = createMemoryStorage();
    const stored = await storeImage({ storage }, await picture(400, 300, "webp"));
    expect(stored).toMatchObject({ width: 400, height: 300 });
    const widths: number[] = [];
    for (const width of IMAGE_WIDTHS) {
      const file = await sizeOf(storage, imageFileKey(stored.key, width));
      expect(file.width).toBeLessThanOrEqual(400);
      expect(file.width! / file.height!).toBeCloseTo(4 / 3, 1);
      widths.push(file.width!);
    }
    expect(widths).toEqual([160, 320, 400, 400]);
  });

  it("keys an image by its content: the same picture twice is one set of files", async () => {
    const storage = createMemoryStorage();
    const input = await picture(300, 450);
    const first = await storeImage({ storage }, input);
    const second = await storeImage({ storage }, input);
    expect(second).toEqual(first);
    expect(storage.keys()).toHaveLength(IMAGE_WIDTHS.length);
    const other = await storeImage({ storage }, await picture(300, 451));
    expect(other.key).not.toBe(first.key);
  });

  it("crops to an aspect when asked, around the centre", async () => {
    const storage = createMemoryStorage();
    const stored = await storeImage({ storage }, await picture(1200, 1200), { aspect: 2 / 3 });
    expect(stored).toMatchObject({ width: 800, height: 1200 });
    expect(await sizeOf(storage, imageFileKey(stored.key, 800))).toMatchObject({ width: 800, height: 1200 });
  });

  it("turns an image upright by its EXIF orientation before measuring", async () => {
    const storage = createMemoryStorage();
    const sideways = await sharp(await picture(600, 300, "jpeg"))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const stored = await storeImage({ storage }, sideways);
    expect(stored).toMatchObject({ width: 300, height: 600 });
    expect(await sizeOf(storage, imageFileKey(stored.key, 160))).toMatchObject({ width: 160, height: 320 });
  });
});

describe("image sizes", () => {
  it("plans each width capped at the original", () => {
    expect(plannedWidths(1000).map((p) => p.pixels)).toEqual([160, 320, 480, 800]);
    expect(plannedWidths(200).map((p) => p.pixels)).toEqual([160, 200, 200, 200]);
  });

  it("crops a square to 2:3 around the centre, and a tall picture from the middle", () => {
    expect(cropToAspect({ width: 1200, height: 1200 }, 2 / 3)).toEqual({
      width: 800,
      height: 1200,
      left: 200,
      top: 0,
    });
    expect(cropToAspect({ width: 600, height: 1200 }, 2 / 3)).toEqual({
      width: 600,
      height: 900,
      left: 0,
      top: 150,
    });
    expect(cropToAspect({ width: 600, height: 1200 })).toEqual({ width: 600, height: 1200, left: 0, top: 0 });
  });
});

/**
 * The shop on object storage (S3_*): a local S3-compatible server started here (s3rver, on a free
 * port, in a temporary directory), the app configured for it as the environment would. An admin
 * uploads a cover and an e-book's PDF; both land in the bucket, not on disk. The cover is served
 * at `/media/` (read from the bucket) or, with MEDIA_PUBLIC_URL, from the bucket's own address;
 * the PDF is read by its owner through the reader and never at `/media/`, and no answer ever
 * names the bucket or an `ebooks/` key.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../src/contracts/answers/staff-catalog";
import { IMAGE_WIDTHS, imageUrl } from "../../src/contracts/images";
import type { EbookPdf } from "../../src/contracts/uploads";
import { ebookDetails } from "../../src/server/db/schema";
import { buildStudyPdf } from "../../src/server/seed/study-pdf";
import { thumbnailKey, thumbnailsBusy } from "../../src/server/services/reading/thumbnails";
import { type LocalS3, startLocalS3 } from "../support/local-s3";
import { pdfText } from "../support/pdf-text";
import { checkout, payAtSandbox } from "./buying";
import { createProduct, linkEbook } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let s3: LocalS3;
let h: Harness;
let admin: TestUser;

beforeAll(async () => {
  s3 = await startLocalS3();
  h = await createHarness({ env: s3.env });
  admin = await h.createUser({ role: "admin", name: "Shop Admin" });
});
afterAll(async () => {
  // The background thumbnails write to the bucket: let them finish before it goes.
  for (let i = 0; i < 600 && h && thumbnailsBusy(h.storage); i++) await new Promise((r) => setTimeout(r, 50));
  await h?.close();
  await s3?.stop();
});

async function coverJpeg(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 600, height: 900, channels: 3, background: "#0f766e" } })
      .jpeg()
      .toBuffer(),
  );
}

/** Uploads a cover through the API and saves a book with it: the image's key. */
async function bookWithUploadedCover(): Promise<{ key: string; bookId: number }> {
  const uploaded = await h.request<{ key: string }>("POST", "/api/admin/images", {
    cookie: admin.cookie,
    body: await coverJpeg(),
    headers: { "content-type": "image/jpeg" },
  });
  expect(uploaded.status, uploaded.text).toBe(201);
  const key = uploaded.body.data!.key;
  const book = await h.request<AdminProduct>("POST", "/api/admin/books", {
    cookie: admin.cookie,
    body: {
      kind: "book",
      title: `Physics on S3 ${key.slice(0, 6)}`,
      price: 40_000,
      stock: 5,
      published: true,
      image: key,
    },
  });
  expect(book.status, book.text).toBe(201);
  return { key, bookId: book.body.data!.id };
}

/** An e-book whose PDF an admin uploads through the API: its id and the PDF's storage key. */
async function ebookWithUploadedPdf(pages = 6): Promise<{ id: number; pdfKey: string; pdf: Uint8Array }> {
  const ebook = await createProduct(h.db, { kind: "ebook", title: "Chemistry on S3", price: 12_000 });
  await linkEbook(h.db, ebook.id, null, 0, [1, 2], null);
  const pdf = await buildStudyPdf({
    title: ebook.title,
    authors: ["A. Author"],
    shopName: "Pathagar",
    chapters: ["Atoms", "Bonds"],
    pages,
    seed: ebook.slug,
  });
  const res = await h.request<EbookPdf>("PUT", `/api/admin/ebooks/${ebook.id}/pdf?version=1`, {
    cookie: admin.cookie,
    body: pdf,
    headers: { "content-type": "application/pdf" },
  });
  expect(res.status, res.text).toBe(200);
  const [row] = await h.db
    .select({ pdfKey: ebookDetails.pdfKey })
    .from(ebookDetails)
    .where(eq(ebookDetails.productId, ebook.id));
  return { id: ebook.id, pdfKey: row!.pdfKey!, pdf };
}

describe("files on object storage (S3_BUCKET set)", () => {
  it("uses the bucket, and serves pictures from the shop's /media unless MEDIA_PUBLIC_URL says otherwise", () => {
    expect(h.storage.name).toBe("s3");
    expect(h.config.mediaBase).toBe("/media");
  });

  it("keeps an uploaded cover in the bucket and serves each width at /media, cached for a year", async () => {
    const { key, bookId } = await bookWithUploadedCover();
    for (const width of IMAGE_WIDTHS) {
      const inBucket = await fetch(s3.objectUrl(`images/${key}-${width}.webp`));
      expect(inBucket.status, `width ${width} in the bucket`).toBe(200);
      const fromBucket = new Uint8Array(await inBucket.arrayBuffer());
      const res = await h.request("GET", imageUrl(h.config.mediaBase, key, width));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.bytes).toEqual(fromBucket);
    }
    // The shop names the picture by its key only; pages make the URL (contracts/images.ts).
    const shop = await h.request<{ image: string | null }>("GET", `/api/books/${bookId}`);
    expect(shop.body.data!.image).toBe(key);
    expect(shop.text).not.toContain(s3.endpoint);
  });

  it("lets an owner read the e-book's PDF from the bucket through the reader, and nobody at /media", async () => {
    const { id, pdfKey, pdf } = await ebookWithUploadedPdf(6);
    expect(pdfKey).toMatch(/^ebooks\/[0-9a-f]+\.pdf$/);
    // In the bucket, whole, and nowhere else.
    const stored = await fetch(s3.objectUrl(pdfKey));
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(pdf);

    const buyer = await h.createUser({ name: "Rafiq Islam" });
    const placed = await checkout(h, buyer, {
      items: [{ productId: id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, placed.tranx);
    const reader = await h.request<{ access: string }>("GET", `/api/ebooks/${id}/reader`, {
      cookie: buyer.cookie,
    });
    expect(reader.body.data?.access).toBe("owner");
    const page = await h.request("GET", `/api/ebooks/${id}/pages/5`, { cookie: buyer.cookie });
    expect(page.status, page.text.slice(0, 200)).toBe(200);
    const [text] = await pdfText(page.bytes);
    expect(text).toContain(`Licensed to Rafiq Islam \u00b7 ${buyer.phone}`);

    // Someone else: the demo pages only.
    const stranger = await h.createUser();
    expect((await h.request("GET", `/api/ebooks/${id}/pages/5`, { cookie: stranger.cookie })).status).toBe(
      404,
    );

    // Never at /media, by any spelling, nor its thumbnails (drawn and kept in the bucket).
    const thumb = await h.request("GET", `/api/admin/ebooks/${id}/thumbnails/2`, { cookie: admin.cookie });
    expect(thumb.status).toBe(200);
    expect(await h.storage.has(thumbnailKey(pdfKey, 2))).toBe(true);
    for (const path of [
      `/media/${pdfKey}`,
      `/media/${thumbnailKey(pdfKey, 2)}`,
      `/media/images/..%2F${pdfKey}`,
      `/media/IMAGES/../${pdfKey}`,
    ]) {
      const res = await h.request("GET", path);
      expect([400, 404], path).toContain(res.status);
      expect(res.text, path).not.toContain("%PDF");
    }

    // No answer names the bucket, its address or the file's key.
    const answers = [
      reader,
      page,
      await h.request("GET", `/api/library`, { cookie: buyer.cookie }),
      await h.request("GET", `/api/books/${id}`),
      await h.request("GET", `/api/admin/ebooks/${id}/pdf`, { cookie: admin.cookie }),
    ];
    for (const res of answers) {
      expect(res.text).not.toContain(s3.endpoint);
      expect(res.text).not.toContain(s3.bucket);
      expect(res.text).not.toContain(pdfKey);
    }
  });
});

describe("pictures from MEDIA_PUBLIC_URL (the bucket's own address, as a CDN in front of it would be)", () => {
  let cdn: Harness;
  beforeAll(async () => {
    cdn = await createHarness({ env: { ...s3.env, MEDIA_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/` } });
  });
  afterAll(() => cdn?.close());

  it("makes image URLs at that address, where the bucket serves the picture with its year-long cache", async () => {
    const upload = await cdn.createUser({ role: "admin" });
    const res = await cdn.request<{ key: string }>("POST", "/api/admin/images", {
      cookie: upload.cookie,
      body: await coverJpeg(),
      headers: { "content-type": "image/jpeg" },
    });
    expect(res.status).toBe(201);
    const url = imageUrl(cdn.config.mediaBase, res.body.data!.key, 480);
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/images/${res.body.data!.key}-480.webp`);
    const picture = await fetch(url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(480);
    // /media keeps answering (links already out, a CDN that fetches from the shop).
    expect((await cdn.request("GET", imageUrl("/media", res.body.data!.key, 480))).status).toBe(200);
  });
});

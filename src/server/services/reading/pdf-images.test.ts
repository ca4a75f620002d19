import { PDFDocument, PDFName } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bombPdf } from "../../../../tests/support/bombs";
import { MAX_PAGE_IMAGE_PIXELS } from "../../../contracts/uploads";
import { buildStudyPdf } from "../../seed/study-pdf";
import { findOversizedImage, jpegSize } from "./pdf-images";

const load = async (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });

/** A PDF whose one page shows an image stream declaring `width` × `height` (its data a few bytes). */
async function declaring(
  width: number,
  height: number,
  extra: Record<string, unknown> = {},
  data = new Uint8Array(4),
) {
  const doc = await PDFDocument.create();
  const image = doc.context.register(
    doc.context.stream(data, {
      Type: "XObject",
      Subtype: "Image",
      Width: width,
      Height: height,
      ColorSpace: "DeviceGray",
      BitsPerComponent: 8,
      ...extra,
    }),
  );
  doc.addPage().node.newXObject("Im", image);
  return { doc, image };
}

describe("findOversizedImage", () => {
  it("finds the 20,000 × 20,000 image of a 400 kB file and names the page that shows it", async () => {
    const bytes = await bombPdf({ pages: 3, on: 3 });
    expect(bytes.byteLength).toBeLessThan(500_000);
    expect(findOversizedImage(await load(bytes), MAX_PAGE_IMAGE_PIXELS)).toEqual({
      page: 3,
      width: 20_000,
      height: 20_000,
    });
  }, 30_000);

  it("finds an image drawn through a form XObject", async () => {
    const bytes = await bombPdf({ pages: 3, on: 2, inForm: true });
    expect(findOversizedImage(await load(bytes), MAX_PAGE_IMAGE_PIXELS)).toMatchObject({ page: 2 });
  }, 30_000);

  it("lets a 600 dpi scan of an A4 or B4 page through, and nothing at all of a text book", async () => {
    for (const [w, h] of [
      [4961, 7016],
      [5906, 8339],
    ] as const) {
      const { doc } = await declaring(w, h);
      expect(findOversizedImage(doc, MAX_PAGE_IMAGE_PIXELS)).toBeNull();
    }
    const study = await buildStudyPdf({
      title: "T",
      authors: ["A"],
      shopName: "S",
      chapters: ["One"],
      pages: 6,
      seed: "x",
    });
    expect(findOversizedImage(await load(study), MAX_PAGE_IMAGE_PIXELS)).toBeNull();
  });

  it("counts an oversized soft mask of a small image", async () => {
    const { doc } = await declaring(100, 100);
    const mask = doc.context.register(
      doc.context.stream(new Uint8Array(4), {
        Type: "XObject",
        Subtype: "Image",
        Width: 10_000,
        Height: 10_000,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      }),
    );
    const small = doc.context.register(
      doc.context.stream(new Uint8Array(4), {
        Type: "XObject",
        Subtype: "Image",
        Width: 10,
        Height: 10,
        SMask: mask,
      }),
    );
    doc.addPage().node.newXObject("Im", small);
    expect(findOversizedImage(doc, MAX_PAGE_IMAGE_PIXELS)).toEqual({
      page: 2,
      width: 10_000,
      height: 10_000,
    });
  });

  it("measures a JPEG by its own frame header when the PDF's dictionary says less", async () => {
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: "#888" } })
        .jpeg()
        .toBuffer(),
    );
    expect(jpegSize(jpeg)).toEqual({ width: 64, height: 48 });
    // The frame header claims 30,000 × 30,000 while the dictionary claims 64 × 48.
    const lying = jpeg.slice();
    const sof = lying.findIndex((b, i) => b === 0xff && lying[i + 1] === 0xc0);
    lying.set([0x75, 0x30, 0x75, 0x30], sof + 5);
    const { doc } = await declaring(64, 48, { Filter: "DCTDecode", ColorSpace: "DeviceRGB" }, lying);
    expect(findOversizedImage(doc, MAX_PAGE_IMAGE_PIXELS)).toEqual({
      page: 1,
      width: 30_000,
      height: 30_000,
    });
  });

  it("reports an oversized image no page shows, without a page", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.context.register(
      doc.context.stream(new Uint8Array(4), { Type: "XObject", Subtype: "Image", Width: 9000, Height: 9000 }),
    );
    expect(findOversizedImage(doc, MAX_PAGE_IMAGE_PIXELS)).toEqual({ page: null, width: 9000, height: 9000 });
  });

  it("does not follow a link on page 1 to the page with the image", async () => {
    const { doc } = await declaring(100, 100);
    const [first] = doc.getPages();
    const bomb = doc.addPage();
    bomb.node.newXObject(
      "Im",
      doc.context.register(
        doc.context.stream(new Uint8Array(4), {
          Type: "XObject",
          Subtype: "Image",
          Width: 8000,
          Height: 8000,
        }),
      ),
    );
    const link = doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [0, 0, 10, 10],
      Dest: [bomb.ref, "Fit"],
    });
    first!.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link)]));
    expect(findOversizedImage(doc, MAX_PAGE_IMAGE_PIXELS)).toEqual({ page: 2, width: 8000, height: 8000 });
  });
});

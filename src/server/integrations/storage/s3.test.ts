import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startLocalS3 } from "../../../../tests/support/local-s3";
import { ConfigError } from "../../config";
import { storageContract } from "./contract-suite";
import { createStorage } from "./index";
import type { FileStorage } from "./provider";
import { createS3Storage, type S3Settings } from "./s3";

let s3: LocalS3;
let storage: FileStorage;

function settings(over: Partial<S3Settings> = {}): S3Settings {
  return {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    ...over,
  };
}

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = await createS3Storage(settings());
});
afterAll(() => s3?.stop());

storageContract("s3", () => storage);

describe("s3 storage", () => {
  it("is what the configuration chooses when S3_BUCKET is set", async () => {
    const chosen = await createStorage({
      DATA_DIR: "/nonexistent",
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    });
    expect(chosen.name).toBe("s3");
    await chosen.put("images/chosen-160.webp", new Uint8Array([9]), "image/webp");
    expect(await storage.has("images/chosen-160.webp")).toBe(true);
  });

  it("writes pictures with their year-long cache header and the type given, other files without it", async () => {
    await storage.put("images/cached-320.webp", new Uint8Array([1]), "image/webp");
    await storage.put("ebooks/private.pdf", new Uint8Array([1]), "application/pdf");
    // Read as a CDN in front of the bucket would (s3rver answers unsigned requests).
    const picture = await fetch(s3.objectUrl("images/cached-320.webp"));
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(picture.headers.get("content-type")).toBe("image/webp");
    const pdf = await fetch(s3.objectUrl("ebooks/private.pdf"));
    expect(pdf.headers.get("cache-control")).toBeNull();
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("stops start-up with a plain message when the bucket does not exist", async () => {
    const err = await createS3Storage(settings({ bucket: "no-such-bucket" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain('S3_BUCKET: the bucket "no-such-bucket"');
    expect((err as Error).message).toContain("there is no such bucket");
  });

  it("stops start-up with a plain message when the keys are refused", async () => {
    const err = await createS3Storage(settings({ accessKeyId: "WRONG" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain("the keys are refused");
  });

  it("stops start-up when nothing answers at the address", async () => {
    const { freePort } = await import("../../../../tests/support/free-port");
    const port = await freePort();
    const err = await createS3Storage(settings({ endpoint: `http://127.0.0.1:${port}` })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(`at http://127.0.0.1:${port} cannot be used`);
  });
});

import type { S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { ConfigError } from "../../config";
import {
  assertStorageKey,
  contentTypeOf,
  type FileStorage,
  isPublicKey,
  PUBLIC_CACHE_CONTROL,
} from "./provider";

export type S3Settings = {
  bucket: string;
  /** An S3-compatible server's address (MinIO, R2, Spaces…); unset means AWS itself for the region. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO-style servers). */
  forcePathStyle: boolean;
};

/** Why the bucket cannot be used at start-up (wrong bucket, keys or address): said plainly, like a bad setting. */
export class S3UnavailableError extends ConfigError {
  override name = "S3UnavailableError";
}

/**
 * Files as objects of one bucket, one object per key. Objects are private (no ACL is ever set:
 * the bucket's own policy decides, and it must not make anything but `images/` public); the
 * server reads e-books and course files with its keys and serves them through the access checks.
 * Pictures are written with their long cache header, so a CDN in front of the bucket serves them
 * as the shop's `/media/` does.
 *
 * The SDK is imported here, when S3_BUCKET is set, not at start-up of a shop on local disk (it
 * takes about half a second to load). Before answering, the bucket is checked once (HeadBucket),
 * so a wrong bucket, key or address stops start-up with a message rather than failing uploads.
 */
export async function createS3Storage(settings: S3Settings): Promise<FileStorage> {
  const sdk = await import("@aws-sdk/client-s3");
  const client: S3Client = new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible servers that predate the SDK's
    // default (CRC32 on every upload) refuse or mangle the extra headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bucket that does not answer fails the request in bounded time (the SDK retries twice).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = settings.bucket;

  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket }));
  } catch (e) {
    const err = e as Partial<S3ServiceException>;
    const status = err.$metadata?.httpStatusCode;
    const why =
      status === 404
        ? "there is no such bucket"
        : status === 403 || status === 401
          ? "the keys are refused (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and that they may list the bucket)"
          : `${err.name ?? "error"}: ${err.message ?? String(e)}`;
    throw new S3UnavailableError(
      `Object storage:\n  S3_BUCKET: the bucket ${JSON.stringify(Bucket)}${settings.endpoint ? ` at ${settings.endpoint}` : ""} cannot be used: ${why}`,
    );
  }

  /** Head of an object: its size, or null when there is none under the key. */
  async function head(key: string): Promise<number | null> {
    assertStorageKey(key);
    try {
      const res = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
      return res.ContentLength ?? 0;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  return {
    name: "s3",
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
          ...(isPublicKey(key) ? { CacheControl: PUBLIC_CACHE_CONTROL } : {}),
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        // As from disk: the type is the key's (callers name keys by what they hold).
        return { bytes: await res.Body.transformToByteArray(), contentType: contentTypeOf(key) };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async has(key) {
      return (await head(key)) !== null;
    },
    size: head,
  };
}

/**
 * No object under the key. A GET names it (`NoSuchKey`); a HEAD has no body, so only its 404
 * says so (`NotFound`). A missing bucket is not a missing file: start-up checked the bucket, and a
 * GET's `NoSuchBucket` is thrown. (Without permission to list the bucket, S3 answers a missing
 * key with 403, which is thrown too: the keys need s3:ListBucket; docs/operations.md.)
 */
function isMissing(e: unknown): boolean {
  const err = e as Partial<S3ServiceException>;
  if (err.name === "NoSuchBucket") return false;
  return err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata?.httpStatusCode === 404;
}

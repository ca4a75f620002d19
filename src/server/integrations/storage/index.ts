import { join } from "node:path";
import type { Config } from "../../config";
import { createDiskStorage } from "./disk";
import type { FileStorage } from "./provider";

export type StorageConfig = Pick<
  Config,
  | "DATA_DIR"
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/**
 * The configured file storage: the S3-compatible bucket when S3_BUCKET is set (its SDK loaded
 * only then), otherwise DATA_DIR/uploads on local disk.
 */
export async function createStorage(config: StorageConfig): Promise<FileStorage> {
  if (!config.S3_BUCKET) return createDiskStorage(join(config.DATA_DIR, "uploads"));
  // loadConfig refuses a bucket without these; this guards a hand-built config.
  if (!config.S3_REGION || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
    throw new Error("S3_BUCKET needs S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  const { createS3Storage } = await import("./s3");
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

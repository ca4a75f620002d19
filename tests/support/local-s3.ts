/**
 * A local S3-compatible server for tests and trials: s3rver in this process, on a free loopback
 * port (the kernel's choice), its objects in a temporary directory, with one empty bucket.
 * Nothing survives `stop()`.
 *
 *   const s3 = await startLocalS3();
 *   try { ... s3.env ... } finally { await s3.stop(); }
 *
 * s3rver answers unsigned requests too (it checks a signature only when there is one, against
 * the fixed key pair below), so a test that wants "not readable without credentials" must assert
 * it of the shop, not of this server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export type LocalS3 = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The objects, one file per object (s3rver's own layout). */
  dir: string;
  /** The S3_* settings that point the shop at this server, as the environment would give them. */
  env: Record<string, string>;
  /** The address an object would have on this server without any credentials (path style). */
  objectUrl: (key: string) => string;
  /** Stops the server and removes its directory. Safe to call more than once. */
  stop: () => Promise<void>;
};

/** s3rver checks signatures made with this one key pair. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export async function startLocalS3(opts: { bucket?: string } = {}): Promise<LocalS3> {
  const bucket = opts.bucket ?? "pathagar-test";
  const dir = mkdtempSync(join(tmpdir(), "pathagar-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    // Path-style requests only (S3_FORCE_PATH_STYLE), as MinIO-style servers take them.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  let address: AddressInfo;
  try {
    address = (await server.run()) as AddressInfo;
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    dir,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    objectUrl: (key) => `${endpoint}/${bucket}/${key}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        const closing = server.close();
        // Clients' kept-alive connections (the SDK's, a browser's) would hold close() open.
        server.httpServer?.closeAllConnections();
        await closing;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

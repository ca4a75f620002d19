import { closeSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { DATA_DIR } from "./support";

/** What the e2e server writes to its standard output and error, copied by serve.ts. */
export const SERVER_LOG = join(DATA_DIR, "server.log");

/** The log's size now: where to start reading what a step makes the server write. */
export function serverLogSize(): number {
  try {
    return statSync(SERVER_LOG).size;
  } catch {
    return 0;
  }
}

/** What the server wrote since `from` (a size from serverLogSize). */
export function serverLogSince(from: number): string {
  const size = serverLogSize();
  if (size <= from) return "";
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(SERVER_LOG, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

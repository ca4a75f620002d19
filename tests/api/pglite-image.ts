/**
 * The API project's global setup: on PGlite (no TEST_DATABASE_URL), one database migrated to the
 * end is made once per run and written to a file; each test file's harness starts its own
 * in-memory database from it (harness.ts), instead of running initdb and every migration again.
 */
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteImage } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database's image on disk; "" on a PostgreSQL server. */
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteImage", "");
    return;
  }
  const file = join(tmpdir(), `pathagar-pglite-image-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide("pgliteImage", file);
  return () => rmSync(file, { force: true });
}

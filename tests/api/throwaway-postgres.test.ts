import { existsSync } from "node:fs";
import { connect } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startThrowawayPostgres } from "../support/postgres";

/** Resolves true when something accepts a TCP connection on the port, false when it is refused. */
function listening(host: string, port: number): Promise<boolean> {
  return new Promise((res) => {
    const socket = connect({ host, port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      res(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      res(false);
    });
    socket.once("error", () => res(false));
  });
}

// Run in the PostgreSQL pass of the test command (TEST_DATABASE_URL set, by scripts/with-postgres.ts
// through this very module), where PostgreSQL's binaries are known to be installed; the PGlite pass
// needs none.
describe.runIf(process.env.TEST_DATABASE_URL)("a throwaway PostgreSQL server", () => {
  it("answers on its own free port and leaves nothing behind once stopped", async () => {
    const server = await startThrowawayPostgres();
    try {
      expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/postgres`);
      expect(server.url).not.toBe(process.env.TEST_DATABASE_URL);
      expect(existsSync(server.dataDir)).toBe(true);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const r = await client.query("select 1 as one, current_setting('fsync') as fsync");
        expect(r.rows).toEqual([{ one: 1, fsync: "off" }]);
      } finally {
        await client.end();
      }
      expect(await listening(server.host, server.port)).toBe(true);
    } finally {
      server.stop();
    }
    expect(await listening(server.host, server.port)).toBe(false);
    expect(existsSync(server.dir)).toBe(false);
    server.stop(); // a second stop is harmless
  }, 120_000);
});

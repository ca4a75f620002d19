/**
 * In production no one-time code reaches the log: a real server process (NODE_ENV=production, the
 * built-in SMS provider, the embedded database) sends a verification and a password-reset code,
 * and none of the codes it wrote to `sms_outbox` appears in anything it printed.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../src/server/db/client";
import { smsOutbox } from "../../src/server/db/schema";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "pathagar-production-log-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe("the production log", () => {
  it("holds no one-time code: only the outbox row does", async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/api/api-server.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SESSION_SECRET: "production-log-test-secret-of-at-least-32-characters",
        PUBLIC_URL: origin,
        ADMIN_PHONE: "01700000009",
        ADMIN_PASSWORD: "a-long-admin-password",
        SEED_DEMO: "false",
        PAYMENT_PROVIDER: "sslcommerz",
        SSLCOMMERZ_STORE_ID: "teststore",
        SSLCOMMERZ_STORE_PASSWORD: "teststore@ssl",
        SMS_PROVIDER: "outbox",
        LOG_LEVEL: "trace",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const until = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
        const up = await fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > until) throw new Error(`the server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const headers = { "content-type": "application/json", origin };
      const phone = "01811111119";
      const registered = await fetch(`${origin}/api/auth/register`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Log Test", phone, password: "secret123", hsc_batch: "HSC 2025" }),
      });
      expect(registered.status).toBe(201);
      const cookie = registered.headers.getSetCookie()[0]!.split(";")[0]!;
      const verify = await fetch(`${origin}/api/auth/verify/send`, {
        method: "POST",
        headers: { ...headers, cookie },
      });
      expect(verify.status).toBe(200);
      // Another account asks for a reset (one code a minute per phone).
      const other = "01811111118";
      const second = await fetch(`${origin}/api/auth/register`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "Log Test",
          phone: other,
          password: "secret123",
          hsc_batch: "HSC 2025",
        }),
      });
      expect(second.status).toBe(201);
      const reset = await fetch(`${origin}/api/auth/forget`, {
        method: "POST",
        headers,
        body: JSON.stringify({ phone: other }),
      });
      expect(reset.status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    const database = await openPglite(join(dataDir, "db"));
    const codes = (await database.db.select().from(smsOutbox)).map((r) => /\b(\d{6})\b/.exec(r.body)?.[1]);
    await database.close();
    expect(codes).toHaveLength(2);
    expect(output).toContain("sms written to outbox");
    for (const code of codes) {
      expect(code).toMatch(/^\d{6}$/);
      expect(output).not.toContain(code!);
    }
  }, 120_000);
});

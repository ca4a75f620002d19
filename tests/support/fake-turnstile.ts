/**
 * A stand-in for Cloudflare Turnstile's `siteverify` (decision 56), as the tests use the
 * gateways' and Google's stand-ins: it knows one secret, answers `success: true` once for each
 * token `good-…` (a second use is `timeout-or-duplicate`, as Turnstile answers), and refuses
 * anything else. It records what it was asked.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeTurnstile = {
  verifyUrl: string;
  secret: string;
  asked: { secret: string; response: string; remoteip: string }[];
  close(): Promise<void>;
};

export async function startFakeTurnstile(secret = "0x4AAAAAAAtestsecretkey"): Promise<FakeTurnstile> {
  const used = new Set<string>();
  const asked: FakeTurnstile["asked"] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const q = {
        secret: form.get("secret") ?? "",
        response: form.get("response") ?? "",
        remoteip: form.get("remoteip") ?? "",
      };
      asked.push(q);
      let answer: { success: boolean; "error-codes": string[] };
      if (q.secret !== secret) answer = { success: false, "error-codes": ["invalid-input-secret"] };
      else if (!q.response.startsWith("good-"))
        answer = { success: false, "error-codes": ["invalid-input-response"] };
      else if (used.has(q.response)) answer = { success: false, "error-codes": ["timeout-or-duplicate"] };
      else {
        used.add(q.response);
        answer = { success: true, "error-codes": [] };
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    verifyUrl: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    secret,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What the e2e server needs from outside, run beside it by playwright.config.ts: Google's ID-token
 * keys (GET /certs; POST /token mints an ID token signed by them, as Google Identity Services
 * would hand it to the browser) and a mail server (SMTP on FAKE_SMTP_PORT; GET /mail?to=… answers
 * the newest message to an address). GET /healthz says it is up.
 */
import { createServer } from "node:http";
import { startFakeSmtp } from "../../src/server/integrations/email/fakes/smtp-fake";
import { startFakeGoogle } from "../support/fake-google";
import { E2E_GOOGLE_CLIENT_ID, FAKE_SMTP_PORT, FAKES_PORT } from "./support";

async function bodyOf(req: import("node:http").IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
}

async function main() {
  const google = await startFakeGoogle({ clientId: E2E_GOOGLE_CLIENT_ID });
  const smtp = await startFakeSmtp(FAKE_SMTP_PORT);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fakes");
    if (url.pathname === "/healthz") {
      res.end("ok");
      return;
    }
    if (url.pathname === "/mail") {
      const to = url.searchParams.get("to") ?? "";
      const mail = smtp.messages.filter((m) => m.to.includes(to)).at(-1);
      res.writeHead(mail ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(mail ? { subject: mail.subject, text: mail.text } : null));
      return;
    }
    // /certs and /token: the Google fake's own server answers them.
    const answer = await fetch(`http://127.0.0.1:${google.port}${url.pathname}`, {
      method: req.method,
      body: req.method === "POST" ? await bodyOf(req) : undefined,
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(await answer.text());
  });
  server.listen(FAKES_PORT, "127.0.0.1");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

import { Hono } from "hono";
import { formatTaka } from "../../contracts/money";
import type { SandboxBooks, SandboxOutcome } from "../integrations/payments/sandbox";
import type { Logger } from "../logger";
import { escapeHtml } from "../services/orders/notifications";
import type { AppEnv } from "./env";
import { SANDBOX_PAGE_POLICY } from "./middleware/headers";

const OUTCOMES: Record<SandboxOutcome, { label: string; url: "success" | "fail" | "cancel" }> = {
  pay: { label: "Pay", url: "success" },
  fail: { label: "Fail", url: "fail" },
  cancel: { label: "Cancel", url: "cancel" },
};

/** Said loudly at the top of the page: this is not a real gateway. */
export const TEST_BANNER =
  '<p class=test role=alert><strong>TEST PAYMENT — NOT A REAL GATEWAY</strong>This shop is running its built-in sandbox gateway. No money moves: "Pay" marks the order paid without charging anyone.</p>';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${title}</title><style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 4px}.note{color:#475569;font-size:.9rem;margin:0 0 20px}
.amount{font-size:2rem;font-weight:700;margin:8px 0 4px}.desc{color:#334155;margin:0 0 24px}
button{display:block;width:100%;min-height:48px;margin:0 0 12px;border-radius:8px;border:1px solid #cbd5e1;font-size:1rem;font-weight:600;background:#fff;color:#0f172a;cursor:pointer}
button.pay{background:#047857;border-color:#047857;color:#fff}
.test{background:#b91c1c;color:#fff;border-radius:8px;padding:12px 14px;margin:0 0 20px;font-size:.95rem;line-height:1.4}
.test strong{display:block;font-size:1.1rem;letter-spacing:.04em}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The built-in sandbox gateway's hosted payment page: Pay, Fail or Cancel. The choice is written
 * to the sandbox's books, its server-to-server notice is posted to the shop's IPN address, and
 * the browser goes back to the shop's success, fail or cancel address.
 */
export function sandboxGateway(books: SandboxBooks, log: Logger) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    await next();
    c.header("Content-Security-Policy", SANDBOX_PAGE_POLICY);
  });

  app.get("/:tranx", async (c) => {
    const row = await books.find(c.req.param("tranx"));
    if (!row)
      return c.html(
        page("Unknown payment", "<h1>Unknown payment</h1><p class=note>This payment does not exist.</p>"),
        404,
      );
    c.header("Cache-Control", "no-store");
    const buttons = (Object.keys(OUTCOMES) as SandboxOutcome[])
      .map(
        (o) =>
          `<button type="submit" name="outcome" value="${o}"${o === "pay" ? ' class="pay"' : ""}>${OUTCOMES[o].label}</button>`,
      )
      .join("");
    const decided =
      row.status !== "open" ? `<p class=note>Already decided: ${escapeHtml(row.status)}.</p>` : "";
    return c.html(
      page(
        "TEST payment (sandbox)",
        `${TEST_BANNER}<h1>Sandbox payment gateway</h1><p class=note>A test gateway: no money moves.</p>
<p class=amount>${escapeHtml(formatTaka(row.amount))}</p><p class=desc>${escapeHtml(row.description)}</p>${decided}
<form method="post">${buttons}</form>`,
      ),
    );
  });

  app.post("/:tranx", async (c) => {
    const tranx = c.req.param("tranx");
    const body = await c.req.parseBody();
    const outcome = String(body.outcome ?? "") as SandboxOutcome;
    if (!(outcome in OUTCOMES)) return c.text("Choose Pay, Fail or Cancel", 400);
    const row = await books.decide(tranx, outcome);
    if (!row) return c.text("Unknown payment", 404);
    const result = row.status === "paid" ? "success" : row.status === "failed" ? "fail" : "cancel";
    const fields = new URLSearchParams({
      tranx,
      status: row.status,
      ...(row.gatewayTxnId ? { txn: row.gatewayTxnId } : {}),
    });
    // The gateway's own notice to the shop, as a real one would send it; the browser does not wait.
    void fetch(row.urls.ipn, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => {
        if (!r.ok) log.warn({ tranx, status: r.status }, "sandbox gateway: the shop's IPN answered an error");
      })
      .catch((err) => log.warn({ err, tranx }, "sandbox gateway: the shop's IPN could not be reached"));
    return c.redirect(`${row.urls[result]}?${fields.toString()}`, 303);
  });

  return app;
}

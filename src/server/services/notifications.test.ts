import { describe, expect, it, vi } from "vitest";
import { ORDER_STATUSES } from "../../contracts/order-status";
import { createNoEmail } from "../integrations/email/none";
import type { EmailMessage, EmailProvider } from "../integrations/email/provider";
import { gsmLength } from "../integrations/sms/gsm";
import type { SmsProvider } from "../integrations/sms/provider";
import type { Logger } from "../logger";
import { composeOrderMessage, type NotifiableOrder, notifyOrder, type OrderEvent } from "./notifications";

function anOrder(overrides: Partial<NotifiableOrder> = {}): NotifiableOrder {
  return {
    number: "PG-240517-0042",
    name: "Rahim Uddin",
    phone: "01711111111",
    email: "rahim@example.com",
    total: 125_000,
    status: "confirmed",
    trackingCode: null,
    shopName: "Pathagar",
    publicUrl: "https://pathagar.com.bd",
    ...overrides,
  };
}

const EVENTS: OrderEvent[] = [
  { type: "placed" },
  { type: "confirmed" },
  { type: "payment_failed" },
  ...ORDER_STATUSES.map((status) => ({ type: "status_changed" as const, status })),
];
const label = (e: OrderEvent) => (e.type === "status_changed" ? `status_changed:${e.status}` : e.type);

function fakeLog() {
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { log, logger: log as unknown as Logger };
}

function recordingSms(): SmsProvider & { sent: { phone: string; body: string }[] } {
  const sent: { phone: string; body: string }[] = [];
  return { name: "test", sent, send: async (phone, body) => void sent.push({ phone, body }) };
}

function recordingEmail(): EmailProvider & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return { name: "smtp", sent, send: async (m) => void sent.push(m) };
}

describe("composeOrderMessage", () => {
  it.each(EVENTS.map((e) => [label(e), e] as const))(
    "%s: the SMS and the email carry the order number, the amount and a link",
    (_name, event) => {
      const m = composeOrderMessage(event, anOrder());
      expect(m.sms).toContain("PG-240517-0042");
      expect(m.sms).toContain("Tk 1,250");
      expect(m.sms).toMatch(/https:\/\/pathagar\.com\.bd\/\S+/);
      for (const body of [m.email.text, m.email.html]) {
        expect(body).toContain("PG-240517-0042");
        expect(body).toContain("৳1,250");
        expect(body).toContain("https://pathagar.com.bd/");
      }
      expect(m.email.subject).toContain("PG-240517-0042");
    },
  );

  it.each(EVENTS.map((e) => [label(e), e] as const))("%s: the SMS fits one GSM message", (_name, event) => {
    const sms = composeOrderMessage(event, anOrder({ trackingCode: "15BAEB8A" })).sms;
    expect(gsmLength(sms)).not.toBeNull();
    expect(gsmLength(sms)).toBeLessThanOrEqual(160);
  });

  it("writes the amount with poisha when there are some", () => {
    const m = composeOrderMessage({ type: "confirmed" }, anOrder({ total: 125_050 }));
    expect(m.sms).toContain("Tk 1,250.50");
    expect(m.email.text).toContain("৳1,250.50");
  });

  it("starts the SMS with the shop's name and names the link's purpose", () => {
    expect(composeOrderMessage({ type: "confirmed" }, anOrder()).sms).toBe(
      "Pathagar: Order PG-240517-0042 confirmed. Total Tk 1,250. Details: https://pathagar.com.bd/orders",
    );
  });

  it("drops the extras, never the number, amount or link, when the SMS would run over 160", () => {
    const order = anOrder({
      shopName: "The Very Long Named Academic Book Shop of Dhaka",
      publicUrl: `https://${"a".repeat(60)}.com.bd`,
    });
    const sms = composeOrderMessage({ type: "confirmed" }, order).sms;
    expect(gsmLength(sms)).toBeLessThanOrEqual(160);
    expect(sms).toContain("PG-240517-0042");
    expect(sms).toContain("Tk 1,250");
    expect(sms).toContain(`https://${"a".repeat(60)}.com.bd/orders`);
  });

  it("links a shipped order to its tracking page and shows the tracking code in the email", () => {
    const m = composeOrderMessage(
      { type: "status_changed", status: "shipped" },
      anOrder({ status: "shipped", trackingCode: "15BAEB8A" }),
    );
    expect(m.sms).toContain("https://pathagar.com.bd/tracking/15BAEB8A");
    expect(m.email.text).toContain("Tracking code: 15BAEB8A");
    expect(m.email.html).toContain('href="https://pathagar.com.bd/tracking/15BAEB8A"');
  });

  it("links a shipped order without a tracking code to the orders page", () => {
    const m = composeOrderMessage(
      { type: "status_changed", status: "shipped" },
      anOrder({ trackingCode: null }),
    );
    expect(m.sms).toContain("https://pathagar.com.bd/orders");
  });

  it("tells the new status, not the one the order had", () => {
    const m = composeOrderMessage(
      { type: "status_changed", status: "delivered" },
      anOrder({ status: "shipped" }),
    );
    expect(m.email.text).toContain("Status: Delivered");
    expect(m.sms).toContain("delivered");
  });

  it("does not double the slash after a public URL that ends in one", () => {
    const m = composeOrderMessage({ type: "placed" }, anOrder({ publicUrl: "https://pathagar.com.bd/" }));
    expect(m.sms).toContain("https://pathagar.com.bd/orders");
    expect(m.sms).not.toContain("bd//");
  });

  it("greets the buyer by name in the email, but keeps names out of the SMS", () => {
    const m = composeOrderMessage({ type: "placed" }, anOrder({ name: "রহিম উদ্দিন" }));
    expect(m.email.text.startsWith("Hi রহিম উদ্দিন,")).toBe(true);
    expect(m.sms).not.toContain("রহিম");
    expect(gsmLength(m.sms)).not.toBeNull();
  });

  it("escapes the buyer's text in the HTML email", () => {
    const m = composeOrderMessage(
      { type: "status_changed", status: "shipped" },
      anOrder({ name: '<script>alert("x")</script> & Co', trackingCode: '"><img src=x onerror=alert(1)>' }),
    );
    expect(m.email.html).not.toContain("<script>");
    expect(m.email.html).not.toContain("<img");
    expect(m.email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    // The plain-text part is not HTML and keeps the words as typed.
    expect(m.email.text).toContain('<script>alert("x")</script> & Co');
  });

  it("keeps a name pasted with line breaks on one line", () => {
    const m = composeOrderMessage({ type: "placed" }, anOrder({ name: "Rahim\r\nBcc: x@example.com" }));
    expect(m.email.text.split("\n")[0]).toBe("Hi Rahim Bcc: x@example.com,");
  });
});

describe("notifyOrder", () => {
  it("sends the SMS to the order's phone and the email to its address", async () => {
    const sms = recordingSms();
    const email = recordingEmail();
    const result = await notifyOrder({ sms, email, log: fakeLog().logger }, { type: "confirmed" }, anOrder());
    expect(result).toEqual({ sms: "sent", email: "sent" });
    expect(sms.sent).toEqual([{ phone: "01711111111", body: expect.stringContaining("PG-240517-0042") }]);
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]).toMatchObject({
      to: "rahim@example.com",
      subject: expect.stringContaining("confirmed"),
    });
    expect(email.sent[0]?.html).toContain("<p>");
  });

  it.each([undefined, null, "", "  "])(
    "skips the email when the order has no address (%j)",
    async (address) => {
      const sms = recordingSms();
      const email = recordingEmail();
      const result = await notifyOrder(
        { sms, email, log: fakeLog().logger },
        { type: "placed" },
        anOrder({ email: address }),
      );
      expect(result).toEqual({ sms: "sent", email: "skipped" });
      expect(email.sent).toEqual([]);
      expect(sms.sent).toHaveLength(1);
    },
  );

  it("skips the email when no mail server is configured", async () => {
    const { log, logger } = fakeLog();
    const result = await notifyOrder(
      { sms: recordingSms(), email: createNoEmail(logger), log: logger },
      { type: "placed" },
      anOrder(),
    );
    expect(result.email).toBe("skipped");
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("logs, and does not throw, when the SMS gateway is down; the email still goes", async () => {
    const { log, logger } = fakeLog();
    const email = recordingEmail();
    const down: SmsProvider = {
      name: "down",
      send: async () => {
        throw new Error("gateway timeout");
      },
    };
    const result = await notifyOrder({ sms: down, email, log: logger }, { type: "placed" }, anOrder());
    expect(result).toEqual({ sms: "failed", email: "sent" });
    expect(email.sent).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ order: "PG-240517-0042", channel: "sms", err: expect.any(Error) }),
      "order notification failed",
    );
  });

  it("does not throw when a provider throws before returning a promise", async () => {
    const { logger } = fakeLog();
    const broken = {
      name: "broken",
      send: () => {
        throw new Error("not even async");
      },
    } as unknown as SmsProvider;
    const brokenEmail = { name: "smtp", send: broken.send } as unknown as EmailProvider;
    await expect(
      notifyOrder({ sms: broken, email: brokenEmail, log: logger }, { type: "payment_failed" }, anOrder()),
    ).resolves.toEqual({ sms: "failed", email: "failed" });
  });

  it("logs a failed email with the order and the channel", async () => {
    const { log, logger } = fakeLog();
    const email: EmailProvider = {
      name: "smtp",
      send: async () => {
        throw new Error("535 authentication failed");
      },
    };
    const result = await notifyOrder(
      { sms: recordingSms(), email, log: logger },
      { type: "status_changed", status: "shipped" },
      anOrder(),
    );
    expect(result).toEqual({ sms: "sent", email: "failed" });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ order: "PG-240517-0042", event: "shipped", channel: "email" }),
      "order notification failed",
    );
  });
});

import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../../contracts/order-status";
import { NO_EMAIL } from "../../integrations/email/none";
import { gsmLength, smsParts } from "../../integrations/sms/gsm";
import {
  composeOrderMessage,
  type NotifiableOrder,
  type OrderEvent,
  orderMessageKey,
  orderMessages,
} from "./notifications";

function anOrder(overrides: Partial<NotifiableOrder> = {}): NotifiableOrder {
  return {
    id: 42,
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
  { type: "payment_failed", tranx: "T100001AAAA" },
  ...ORDER_STATUSES.map((status) => ({ type: "status_changed" as const, status })),
  { type: "consignment", consignment: "DT230517BD12345678" },
  { type: "payment_link", url: "https://pathagar.com.bd/pay/1000042/AbCdEfGhIjKlMnOp" },
];
const label = (e: OrderEvent) => (e.type === "status_changed" ? `status_changed:${e.status}` : e.type);

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

  it("links a phone order's payment link itself, not the orders page", () => {
    const url = "https://pathagar.com.bd/pay/1000042/AbCdEfGhIjKlMnOp";
    const m = composeOrderMessage({ type: "payment_link", url }, anOrder({ status: "pending_payment" }));
    expect(m.sms).toBe(
      `Pathagar: Order PG-240517-0042: please pay Tk 1,250 online within 30 minutes. Pay: ${url}`,
    );
    expect(m.email.text).toContain(`Pay: ${url}`);
  });

  it("writes the amount with poisha when there are some", () => {
    const m = composeOrderMessage({ type: "confirmed" }, anOrder({ total: 125_050 }));
    expect(m.sms).toContain("Tk 1,250.50");
    expect(m.email.text).toContain("৳1,250.50");
  });

  it("starts the SMS with the shop's name and names the link's purpose", () => {
    expect(composeOrderMessage({ type: "confirmed" }, anOrder()).sms).toBe(
      "Pathagar: Order PG-240517-0042 confirmed. Total Tk 1,250. Details: https://pathagar.com.bd/orders/42",
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

  it("sends a new consignment's tracking link, whatever number the order held before", () => {
    const m = composeOrderMessage(
      { type: "consignment", consignment: "SF-777A" },
      anOrder({ status: "shipped", trackingCode: "OLD1" }),
    );
    expect(m.sms).toBe(
      "Pathagar: Order PG-240517-0042 (Tk 1,250) is on its way. Track: https://pathagar.com.bd/tracking/SF-777A",
    );
    expect(m.email.text).toContain("Tracking code: SF-777A");
    expect(m.email.text).toContain("Status: Shipped");
  });

  it("keeps the tracking link of the longest consignment number in one GSM SMS", () => {
    const sms = composeOrderMessage(
      { type: "consignment", consignment: "X".repeat(40) },
      anOrder({ total: 12_345_650 }),
    ).sms;
    expect(sms).toContain(`https://pathagar.com.bd/tracking/${"X".repeat(40)}`);
    expect(sms).toContain("Tk 1,23,456.50");
    expect(smsParts(sms)).toBe(1);
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

describe("composeOrderMessage in Bangla", () => {
  // The longest realistic values: a six-figure total with poisha, a long tracking link.
  const bangla = anOrder({
    locale: "bn",
    total: 12_345_650,
    trackingCode: "DT230517BD12345678",
    publicUrl: "https://pathagar.com.bd",
  });

  it.each(EVENTS.map((e) => [label(e), e] as const))(
    "%s: the SMS is Bangla, with the number, the amount in Bangla digits and a link, in at most two parts",
    (_name, event) => {
      const sms = composeOrderMessage(event, bangla).sms;
      expect(sms).toContain("অর্ডার");
      expect(sms).toContain("PG-240517-0042");
      expect(sms).toContain("৳১,২৩,৪৫৬.৫০");
      expect(sms).toMatch(/https:\/\/pathagar\.com\.bd\/\S+/);
      expect(smsParts(sms)).toBeLessThanOrEqual(2);
    },
  );

  it("keeps the shop's name and the link's words when two parts allow them", () => {
    const sms = composeOrderMessage({ type: "confirmed" }, anOrder({ locale: "bn" })).sms;
    expect(sms).toBe(
      "Pathagar: অর্ডার PG-240517-0042 নিশ্চিত হয়েছে। মোট ৳১,২৫০। বিস্তারিত: https://pathagar.com.bd/orders/42",
    );
    expect(smsParts(sms)).toBe(2);
  });

  it("tells a refund's amount, not the order's", () => {
    const sms = composeOrderMessage(
      { type: "refund_paid", refundId: 7, amount: 30_000, method: "bKash" },
      anOrder({ locale: "bn" }),
    ).sms;
    expect(sms).toContain("৳৩০০ ফেরত পাঠানো হয়েছে (bKash)");
  });

  it("writes the email in English still", () => {
    const m = composeOrderMessage({ type: "confirmed" }, anOrder({ locale: "bn" }));
    expect(m.email.subject).toBe("Pathagar: Your order PG-240517-0042 is confirmed");
  });
});

describe("orderMessages", () => {
  const order = (overrides: Partial<NotifiableOrder> = {}) => anOrder(overrides);

  it("gives an SMS to the order's phone and an email to its address, each with its own key", () => {
    const messages = orderMessages({ type: "confirmed" }, order(), { emailProvider: "smtp" });
    expect(messages).toEqual([
      {
        key: "order-42-confirmed-sms",
        channel: "sms",
        to: "01711111111",
        body: expect.stringContaining("PG-240517-0042"),
      },
      expect.objectContaining({
        key: "order-42-confirmed-email",
        channel: "email",
        to: "rahim@example.com",
        subject: expect.stringContaining("confirmed"),
        html: expect.stringContaining("<p>"),
      }),
    ]);
  });

  it.each([undefined, null, "", "  "])("gives no email when the order has no address (%j)", (address) => {
    const messages = orderMessages({ type: "placed" }, order({ email: address }), { emailProvider: "smtp" });
    expect(messages.map((m) => m.channel)).toEqual(["sms"]);
  });

  it("gives no email when no mail server is configured", () => {
    const messages = orderMessages({ type: "placed" }, order(), { emailProvider: NO_EMAIL });
    expect(messages.map((m) => m.channel)).toEqual(["sms"]);
  });

  it("keys each piece of news once per order, and each failed payment attempt on its own", () => {
    const news: OrderEvent[] = [
      { type: "placed" },
      { type: "confirmed" },
      { type: "payment_failed", tranx: "T100001AAAA" },
      { type: "payment_failed", tranx: "T100002BBBB" },
      ...(["processing", "shipped", "delivered", "cancelled", "refunded", "returned"] as const).map(
        (status) => ({
          type: "status_changed" as const,
          status,
        }),
      ),
      { type: "consignment", consignment: "SF-1" },
      { type: "consignment", consignment: "SF-2" },
    ];
    const keys = news.map((e) => orderMessageKey(42, e, "sms"));
    expect(new Set(keys).size).toBe(keys.length);
    expect(orderMessageKey(42, { type: "status_changed", status: "shipped" }, "email")).toBe(
      "order-42-shipped-email",
    );
    expect(orderMessageKey(42, { type: "consignment", consignment: "SF-1" }, "sms")).toBe(
      "order-42-tracking-SF-1-sms",
    );
  });
});

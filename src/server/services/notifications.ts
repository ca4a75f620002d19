import { formatTaka } from "../../contracts/money";
import { describeOrderStatus, type OrderStatus } from "../../contracts/order-status";
import { NO_EMAIL } from "../integrations/email/none";
import type { EmailProvider } from "../integrations/email/provider";
import { gsmLength, SMS_GSM_LIMIT } from "../integrations/sms/gsm";
import type { SmsProvider } from "../integrations/sms/provider";
import type { Logger } from "../logger";

/** What happened to an order that the customer hears about. */
export type OrderEvent =
  | { type: "placed" }
  | { type: "confirmed" }
  | { type: "payment_failed" }
  /** Staff or the courier moved the order on; `status` is the new one. */
  | { type: "status_changed"; status: OrderStatus };

/** The little the messages need to know about an order. */
export type NotifiableOrder = {
  number: string;
  /** The buyer's name as entered at checkout. */
  name: string;
  /** Local form 01XXXXXXXXX. */
  phone: string;
  email?: string | null;
  /** Poisha. */
  total: number;
  status: OrderStatus;
  /** What `/tracking/{cn}` looks the parcel up by; a shipped order's message links there. */
  trackingCode?: string | null;
  shopName: string;
  /** The shop's public origin, e.g. https://pathagar.com.bd. */
  publicUrl: string;
};

export type OrderMessage = {
  sms: string;
  email: { subject: string; text: string; html: string };
};

type Notice = {
  /** One SMS sentence, amount included. */
  sms: string;
  subject: string;
  /** One email paragraph, amount included. */
  paragraph: string;
  /** The link's words and where it goes. */
  action: string;
  url: string;
};

/** The status the message is about: the event's own, else the order's. */
function statusOf(event: OrderEvent, order: NotifiableOrder): OrderStatus {
  switch (event.type) {
    case "status_changed":
      return event.status;
    case "confirmed":
      return "confirmed";
    case "payment_failed":
      return "payment_failed";
    case "placed":
      return order.status;
  }
}

function noticeFor(event: OrderEvent, order: NotifiableOrder): Notice {
  const n = order.number;
  // The taka sign is outside the GSM alphabet and would cut an SMS from 160 to 70 characters.
  const tk = formatTaka(order.total).replace("৳", "Tk ");
  const amount = formatTaka(order.total);
  const origin = order.publicUrl.replace(/\/+$/, "");
  const orders = `${origin}/orders`;
  if (event.type === "placed") {
    return {
      sms: `Order ${n} received. Total ${tk}.`,
      subject: `We received your order ${n}`,
      paragraph: `Thank you for your order ${n}. The total is ${amount}. We will let you know as it moves along.`,
      action: "Details",
      url: orders,
    };
  }
  const status = statusOf(event, order);
  switch (status) {
    case "pending_payment":
      return {
        sms: `Order ${n} is waiting for payment of ${tk}.`,
        subject: `Your order ${n} is waiting for payment`,
        paragraph: `Your order ${n} is waiting for a payment of ${amount}. It is kept for you until then.`,
        action: "Pay",
        url: orders,
      };
    case "confirmed":
      return {
        sms: `Order ${n} confirmed. Total ${tk}.`,
        subject: `Your order ${n} is confirmed`,
        paragraph: `Your order ${n} is confirmed. The total is ${amount}. We will tell you when it ships.`,
        action: "Details",
        url: orders,
      };
    case "processing":
      return {
        sms: `Order ${n} (${tk}) is being packed.`,
        subject: `Your order ${n} is being packed`,
        paragraph: `We are packing your order ${n} (${amount}).`,
        action: "Details",
        url: orders,
      };
    case "shipped":
      return {
        sms: `Order ${n} (${tk}) is on its way.`,
        subject: `Your order ${n} is on its way`,
        paragraph: `Your order ${n} (${amount}) has been handed to the courier.`,
        action: "Track",
        url: order.trackingCode ? `${origin}/tracking/${encodeURIComponent(order.trackingCode)}` : orders,
      };
    case "delivered":
      return {
        sms: `Order ${n} (${tk}) delivered. Thank you!`,
        subject: `Your order ${n} was delivered`,
        paragraph: `Your order ${n} (${amount}) was delivered. Thank you for shopping with ${order.shopName}!`,
        action: "Details",
        url: orders,
      };
    case "cancelled":
      return {
        sms: `Order ${n} (${tk}) has been cancelled.`,
        subject: `Your order ${n} was cancelled`,
        paragraph: `Your order ${n} (${amount}) has been cancelled.`,
        action: "Details",
        url: orders,
      };
    case "refunded":
      return {
        sms: `Order ${n} (${tk}) has been refunded.`,
        subject: `Your order ${n} was refunded`,
        paragraph: `Your order ${n} (${amount}) has been refunded.`,
        action: "Details",
        url: orders,
      };
    case "payment_failed":
      return {
        sms: `Payment for order ${n} (${tk}) failed.`,
        subject: `Payment for your order ${n} failed`,
        paragraph: `The payment of ${amount} for your order ${n} did not go through. You can try again.`,
        action: "Try again",
        url: orders,
      };
  }
}

/** The fullest SMS that fits one GSM message; the shortest form when none does. */
function composeSms(shop: string, notice: Notice): string {
  const forms = [
    `${shop}: ${notice.sms} ${notice.action}: ${notice.url}`,
    `${shop}: ${notice.sms} ${notice.url}`,
    `${notice.sms} ${notice.url}`,
  ];
  return forms.find((s) => (gsmLength(s) ?? Number.POSITIVE_INFINITY) <= SMS_GSM_LIMIT) ?? forms.at(-1)!;
}

export function escapeHtml(s: string): string {
  return s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A single line: a name pasted with line breaks or tabs stays on one line of the email. */
function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/** The SMS and email for an order event: English, short, with order number, amount and a link. */
export function composeOrderMessage(event: OrderEvent, order: NotifiableOrder): OrderMessage {
  const notice = noticeFor(event, order);
  const shop = oneLine(order.shopName);
  const name = oneLine(order.name) || "there";
  const rows: [string, string][] = [
    ["Order", order.number],
    ["Total", formatTaka(order.total)],
    ["Status", describeOrderStatus(statusOf(event, order))],
  ];
  if (order.trackingCode) rows.push(["Tracking code", order.trackingCode]);

  const text = [
    `Hi ${name},`,
    "",
    notice.paragraph,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    `${notice.action}: ${notice.url}`,
    "",
    shop,
  ].join("\n");

  const cell = "padding:4px 12px 4px 0";
  const html = [
    "<!doctype html>",
    '<html><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">',
    `<p>Hi ${escapeHtml(name)},</p>`,
    `<p>${escapeHtml(notice.paragraph)}</p>`,
    '<table style="border-collapse:collapse">',
    ...rows.map(
      ([k, v]) =>
        `<tr><td style="${cell};color:#555">${escapeHtml(k)}</td><td style="${cell}">${escapeHtml(v)}</td></tr>`,
    ),
    "</table>",
    `<p><a href="${escapeHtml(notice.url)}">${escapeHtml(notice.action)}</a></p>`,
    `<p>${escapeHtml(shop)}</p>`,
    "</body></html>",
  ].join("\n");

  return {
    sms: composeSms(shop, notice),
    email: { subject: `${shop}: ${notice.subject}`, text, html },
  };
}

export type NotifyDeps = { sms: SmsProvider; email: EmailProvider; log: Logger };

export type NotifyResult = {
  sms: "sent" | "failed";
  email: "sent" | "failed" | "skipped";
};

/**
 * Tells the customer about an order: always by SMS, and by email when the order has an address
 * and a mail server is configured. Never throws (a gateway outage must not fail an order); call it
 * after the order's transaction has committed, never inside one.
 */
export async function notifyOrder(
  deps: NotifyDeps,
  event: OrderEvent,
  order: NotifiableOrder,
): Promise<NotifyResult> {
  const about = { order: order.number, event: event.type === "status_changed" ? event.status : event.type };
  let message: OrderMessage;
  try {
    message = composeOrderMessage(event, order);
  } catch (err) {
    deps.log.error({ err, ...about }, "order notification could not be composed");
    return { sms: "failed", email: order.email ? "failed" : "skipped" };
  }
  const wantsEmail = Boolean(order.email?.trim()) && deps.email.name !== NO_EMAIL;
  // Through .then, so a provider that throws before returning a promise is caught too.
  const [sms, email] = await Promise.allSettled([
    Promise.resolve().then(() => deps.sms.send(order.phone, message.sms)),
    wantsEmail
      ? Promise.resolve().then(() => deps.email.send({ to: order.email!.trim(), ...message.email }))
      : Promise.resolve(),
  ]);
  if (sms.status === "rejected") {
    deps.log.warn({ err: sms.reason, ...about, channel: "sms" }, "order notification failed");
  }
  if (email.status === "rejected") {
    deps.log.warn({ err: email.reason, ...about, channel: "email" }, "order notification failed");
  }
  return {
    sms: sms.status === "fulfilled" ? "sent" : "failed",
    email: !wantsEmail ? "skipped" : email.status === "fulfilled" ? "sent" : "failed",
  };
}

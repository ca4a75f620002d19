import type { Locale } from "../../../contracts/locale";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus, type OrderStatus } from "../../../contracts/order-status";
import { NO_EMAIL } from "../../integrations/email/none";
import { fittingSms } from "../../integrations/sms/gsm";
import type { NewMessage } from "../platform/outbox";

/** What happened to an order that the customer hears about. */
export type OrderEvent =
  | { type: "placed" }
  /** A phone order to be paid online: the link to its payment page (services/orders/pay-links.ts). */
  | { type: "payment_link"; url: string }
  | { type: "confirmed" }
  /** `tranx` is the failed attempt's: each failed attempt is news of its own. */
  | { type: "payment_failed"; tranx: string }
  /** Staff or the courier moved the order on; `status` is the new one. */
  | { type: "status_changed"; status: OrderStatus }
  /**
   * The parcel got this consignment number (shipped with it, or given a new one): its tracking
   * link, sent once for each number.
   */
  | {
      type: "consignment";
      consignment: string;
      /** Which parcel, when the order is sent in several (decision 73): "parcel 2 of 2". */
      parcel?: { seq: number; of: number } | undefined;
    }
  /** Staff sent a refund (poisha): each refund is news of its own. */
  | { type: "refund_paid"; refundId: number; amount: number; method: string };

/** The little the messages need to know about an order. */
export type NotifiableOrder = {
  /** The order's id: its page `/orders/{id}` is where the messages send the buyer. */
  id: number;
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
  /** The buyer's language (their profile's); the SMS is written in it. English when absent. */
  locale?: Locale;
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

/** The consignment number the message links to: the event's own, else the order's. */
function trackingCodeOf(event: OrderEvent, order: NotifiableOrder): string | null {
  return event.type === "consignment" ? event.consignment : (order.trackingCode ?? null);
}

/** The status the message is about: the event's own, else the order's. */
function statusOf(event: OrderEvent, order: NotifiableOrder): OrderStatus {
  switch (event.type) {
    case "status_changed":
      return event.status;
    case "consignment":
      return "shipped";
    case "confirmed":
      return "confirmed";
    case "payment_failed":
      return "payment_failed";
    case "payment_link":
      return "pending_payment";
    case "placed":
    case "refund_paid":
      return order.status;
  }
}

function noticeFor(event: OrderEvent, order: NotifiableOrder): Notice {
  const n = order.number;
  // The taka sign is outside the GSM alphabet and would cut an SMS from 160 to 70 characters.
  const tk = formatTaka(order.total).replace("৳", "Tk ");
  const amount = formatTaka(order.total);
  const origin = order.publicUrl.replace(/\/+$/, "");
  const orders = `${origin}/orders/${order.id}`;
  const trackingCode = trackingCodeOf(event, order);
  if (event.type === "placed") {
    return {
      sms: `Order ${n} received. Total ${tk}.`,
      subject: `We received your order ${n}`,
      paragraph: `Thank you for your order ${n}. The total is ${amount}. We will let you know as it moves along.`,
      action: "Details",
      url: orders,
    };
  }
  if (event.type === "payment_link") {
    return {
      sms: `Order ${n}: please pay ${tk} online within 30 minutes.`,
      subject: `Pay for your order ${n}`,
      paragraph: `Thank you for your order ${n}, taken by phone. Please pay ${amount} online with the link below within 30 minutes; we keep the items for you until then.`,
      action: "Pay",
      url: event.url,
    };
  }
  if (event.type === "refund_paid") {
    const refund = formatTaka(event.amount);
    return {
      sms: `Refund of ${refund.replace("৳", "Tk ")} for order ${n} sent (${event.method}).`,
      subject: `Your refund for order ${n} was sent`,
      paragraph: `We have sent you a refund of ${refund} for your order ${n} (${event.method}).`,
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
    case "shipped": {
      const parcel = event.type === "consignment" ? event.parcel : undefined;
      if (parcel) {
        return {
          sms: `Order ${n}: parcel ${parcel.seq} of ${parcel.of} is on its way.`,
          subject: `Parcel ${parcel.seq} of ${parcel.of} of your order ${n} is on its way`,
          paragraph: `Parcel ${parcel.seq} of ${parcel.of} of your order ${n} has been handed to the courier.`,
          action: "Track",
          url: trackingCode ? `${origin}/tracking/${encodeURIComponent(trackingCode)}` : orders,
        };
      }
      return {
        sms: `Order ${n} (${tk}) is on its way.`,
        subject: `Your order ${n} is on its way`,
        paragraph: `Your order ${n} (${amount}) has been handed to the courier.`,
        action: "Track",
        url: trackingCode ? `${origin}/tracking/${encodeURIComponent(trackingCode)}` : orders,
      };
    }
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
    case "returned":
      return {
        sms: `Order ${n} (${tk}) came back to us undelivered and is closed.`,
        subject: `Your order ${n} came back to us`,
        paragraph: `Your order ${n} (${amount}) came back to us from the courier undelivered, so we have closed it. Nothing is due for it; if you paid online, we will refund you. To have it after all, please order again.`,
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

/** The action words of the SMS in Bangla. */
const BANGLA_ACTION: Record<string, string> = {
  Details: "বিস্তারিত",
  Pay: "পেমেন্ট করুন",
  Track: "ট্র্যাক করুন",
  "Try again": "আবার চেষ্টা করুন",
};

/** The SMS sentence in Bangla: amounts in Bangla digits (`৳১,২৫০`), the order number as it is. */
function banglaSms(event: OrderEvent, order: NotifiableOrder): string {
  const n = order.number;
  const tk = formatTaka(order.total, "bn");
  if (event.type === "placed") return `অর্ডার ${n} পেয়েছি। মোট ${tk}।`;
  if (event.type === "payment_link") return `অর্ডার ${n}: ৩০ মিনিটের মধ্যে ${tk} অনলাইনে পেমেন্ট করুন।`;
  if (event.type === "refund_paid") {
    return `অর্ডার ${n}-এর ${formatTaka(event.amount, "bn")} ফেরত পাঠানো হয়েছে (${event.method})।`;
  }
  switch (statusOf(event, order)) {
    case "pending_payment":
      return `অর্ডার ${n}: ${tk} পেমেন্টের অপেক্ষায়।`;
    case "confirmed":
      return `অর্ডার ${n} নিশ্চিত হয়েছে। মোট ${tk}।`;
    case "processing":
      return `অর্ডার ${n} (${tk}) প্যাক করা হচ্ছে।`;
    case "shipped": {
      const parcel = event.type === "consignment" ? event.parcel : undefined;
      if (parcel) {
        const bn = (x: number) => x.toLocaleString("bn-BD");
        return `অর্ডার ${n}: ${bn(parcel.of)}টি পার্সেলের ${bn(parcel.seq)} নম্বরটি কুরিয়ারে রওনা হয়েছে।`;
      }
      return `অর্ডার ${n} (${tk}) কুরিয়ারে রওনা হয়েছে।`;
    }
    case "delivered":
      return `অর্ডার ${n} (${tk}) পৌঁছে গেছে। ধন্যবাদ!`;
    case "cancelled":
      return `অর্ডার ${n} (${tk}) বাতিল হয়েছে।`;
    case "refunded":
      return `অর্ডার ${n} (${tk}) রিফান্ড হয়েছে।`;
    case "returned":
      return `অর্ডার ${n} (${tk}) পৌঁছানো যায়নি, ফেরত এসেছে; অর্ডারটি বন্ধ করা হলো।`;
    case "payment_failed":
      return `অর্ডার ${n}-এর ${tk} পেমেন্ট হয়নি।`;
  }
}

/**
 * The fullest SMS that fits one message; the shortest form when none does. English stays in the
 * GSM alphabet (160 characters). Bangla is UCS-2, 70 characters to a message and 67 a part when
 * joined: with the link it rarely fits one, so a Bangla order SMS may take two parts (134
 * characters), never more than the shortest form needs (docs/decisions/0033-bangla-and-english.md).
 */
function composeSms(shop: string, notice: Notice, bangla: string | null): string {
  const sms = bangla ?? notice.sms;
  const action = bangla === null ? notice.action : (BANGLA_ACTION[notice.action] ?? notice.action);
  const forms = [
    `${shop}: ${sms} ${action}: ${notice.url}`,
    `${shop}: ${sms} ${notice.url}`,
    `${sms} ${notice.url}`,
  ];
  return fittingSms(forms, bangla === null ? 1 : 2);
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

/**
 * The SMS and email for an order event, short, with order number, amount and a link: the SMS in
 * the buyer's language, the email in English.
 */
export function composeOrderMessage(event: OrderEvent, order: NotifiableOrder): OrderMessage {
  const notice = noticeFor(event, order);
  const shop = oneLine(order.shopName);
  const name = oneLine(order.name) || "there";
  const rows: [string, string][] = [
    ["Order", order.number],
    ["Total", formatTaka(order.total)],
    ["Status", describeOrderStatus(statusOf(event, order))],
  ];
  const trackingCode = trackingCodeOf(event, order);
  if (trackingCode) rows.push(["Tracking code", trackingCode]);

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
    sms: composeSms(shop, notice, order.locale === "bn" ? banglaSms(event, order) : null),
    email: { subject: `${shop}: ${notice.subject}`, text, html },
  };
}

/**
 * The outbox key of one message: one per order, event (payment attempt, refund, consignment
 * number) and channel, so the same news is never sent twice.
 */
export function orderMessageKey(orderId: number, event: OrderEvent, channel: "sms" | "email"): string {
  const what =
    event.type === "status_changed"
      ? event.status
      : event.type === "payment_failed"
        ? `payment_failed-${event.tranx}`
        : event.type === "refund_paid"
          ? `refund-${event.refundId}`
          : event.type === "consignment"
            ? `tracking-${event.consignment}`
            : event.type;
  return `order-${orderId}-${what}-${channel}`;
}

/**
 * The messages that tell the customer about an order event, for the outbox: always an SMS, and an
 * email when the order has an address and a mail server is configured.
 */
export function orderMessages(
  event: OrderEvent,
  order: NotifiableOrder,
  opts: { emailProvider: string },
): NewMessage[] {
  const message = composeOrderMessage(event, order);
  const messages: NewMessage[] = [
    { key: orderMessageKey(order.id, event, "sms"), channel: "sms", to: order.phone, body: message.sms },
  ];
  const to = order.email?.trim();
  if (to && opts.emailProvider !== NO_EMAIL) {
    messages.push({ key: orderMessageKey(order.id, event, "email"), channel: "email", to, ...message.email });
  }
  return messages;
}

/**
 * A stand-in for bKash Tokenized Checkout (v1.2.0-beta) on a local port, for tests: grant and
 * refresh token, create, execute and the payment status query, plus a bare bKash page with
 * Pay / Fail / Cancel buttons that sends the customer to the callbackURL with `paymentID` and
 * `status` as bKash does. Answers follow the tokenized API: HTTP 200 with `statusCode` "0000" on
 * success, or a documented error code and `statusMessage` (2002 Invalid Payment ID, 2056 Invalid
 * Payment State, 2062 The payment has already been completed, 2023 Insufficient Balance, …); an
 * unknown or expired id_token gets HTTP 401. A payment executes once, and only after the customer
 * approved it. Its refund API (`/tokenized/checkout/payment/refund`) refunds a completed payment
 * in parts up to its amount (2071 beyond), and with paymentID and trxID alone answers the refund
 * status; `refuseNextRefund` and `dropNextRefundAnswer` stand in for a refusal and a time-out.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeBkashPayment = {
  paymentID: string;
  /** The create request's fields. */
  request: Record<string, string>;
  /**
   * `Initiated` until executed; `approved` marks the customer's PIN; `Completed` after execute;
   * `Failed` after an execute the wallet refused.
   */
  transactionStatus: "Initiated" | "Completed" | "Failed";
  approved: boolean;
  /** What execute does once approved: complete, or refuse with Insufficient Balance. */
  outcome: "complete" | "insufficient_balance";
  trxID: string | null;
  createTime: string;
  executeTime: string | null;
  /** Refunds made of it, oldest first (amounts as bKash writes them, "12.50"). */
  refunds: { refundTrxID: string; amount: string; sku: string; reason: string; completedTime: string }[];
};

export type FakeBkash = {
  /** Pass as the adapter's baseUrl (it includes the API version). */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  payments(): FakeBkashPayment[];
  payment(paymentID: string): FakeBkashPayment | undefined;
  /** The customer approves with PIN and OTP: the callback's query fields (`status=success`). */
  simulateApprove(
    paymentID: string,
    opts?: { outcome?: FakeBkashPayment["outcome"] },
  ): Record<string, string>;
  /** The callback's query fields for a failed attempt (`status=failure`). */
  simulateFailure(paymentID: string): Record<string, string>;
  /** The callback's query fields for a cancelled attempt (`status=cancel`). */
  simulateCancel(paymentID: string): Record<string, string>;
  /** The next execute does its work but its answer is lost (HTTP 504, as after a gateway timeout). */
  dropNextExecuteAnswer(): void;
  /** The next refund is refused with this bKash error (default 2071, as for a refund beyond the payment). */
  refuseNextRefund(statusCode?: string, statusMessage?: string): void;
  /** The next refund is made but its answer never comes (the request hangs: a time-out). */
  dropNextRefundAnswer(): void;
  /** Every id_token issued so far stops working (HTTP 401 until a new grant). */
  expireTokens(): void;
  /** The next `count` requests get this HTTP status and an error body (an outage). */
  failNext(httpStatus?: number, count?: number): void;
  /** The next `count` requests are never answered (for timeouts). */
  hangNext(count?: number): void;
  /** Every request seen, as `METHOD /path` (the path after the API version). */
  requests: string[];
  /** How many requests went to a path such as `/tokenized/checkout/token/grant`. */
  count(path: string): number;
  close(): Promise<void>;
};

const VERSION = "/v1.2.0-beta";

function send(res: ServerResponse, httpStatus: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(httpStatus, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (body: Record<string, unknown>, k: string) =>
  typeof body[k] === "string" ? (body[k] as string) : "";
const refusal = (statusCode: string, statusMessage: string) => ({ statusCode, statusMessage });
const stamp = () =>
  `${new Date()
    .toISOString()
    .replace("Z", "")
    .replace(/\.(\d+)$/, ":$1")} GMT+0000`;
const token = (bytes: number) => randomBytes(bytes).toString("base64url");
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeBkash(
  opts: {
    username?: string;
    password?: string;
    appKey?: string;
    appSecret?: string;
    /** Lifetime of an id_token in seconds (bKash: 3600). */
    tokenTtlSeconds?: number;
  } = {},
): Promise<FakeBkash> {
  const username = opts.username ?? "fake-merchant";
  const password = opts.password ?? "fake-password";
  const appKey = opts.appKey ?? "fake-app-key";
  const appSecret = opts.appSecret ?? "fake-app-secret";
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const idTokens = new Map<string, number>(); // id_token → expiry (ms)
  const refreshTokens = new Set<string>();
  const payments = new Map<string, FakeBkashPayment>();
  const requests: string[] = [];
  let failures = { httpStatus: 500, left: 0 };
  let hangs = 0;
  let dropExecuteAnswer = false;
  let refuseRefund: { statusCode: string; statusMessage: string } | null = null;
  let dropRefundAnswer = false;
  let baseUrl = "";

  function issueToken(refreshToken?: string): Record<string, unknown> {
    const idToken = token(48);
    idTokens.set(idToken, Date.now() + ttl * 1000);
    const refresh = refreshToken ?? token(24);
    refreshTokens.add(refresh);
    return {
      statusCode: "0000",
      statusMessage: "Successful",
      id_token: idToken,
      token_type: "Bearer",
      expires_in: ttl,
      refresh_token: refresh,
    };
  }

  function tokenRequest(req: IncomingMessage, body: Record<string, unknown>, kind: "grant" | "refresh") {
    if (req.headers.username !== username) return refusal("9999", "Username does not exist");
    if (req.headers.password !== password) return refusal("9999", "Invalid password");
    if (str(body, "app_key") !== appKey || str(body, "app_secret") !== appSecret) {
      return refusal("2001", "Invalid App Key");
    }
    if (kind === "refresh") {
      const refresh = str(body, "refresh_token");
      if (!refreshTokens.has(refresh)) return refusal("9999", "Invalid refresh token");
      return issueToken(refresh);
    }
    return issueToken();
  }

  function authorised(req: IncomingMessage): boolean {
    const expiry = idTokens.get(String(req.headers.authorization ?? ""));
    return expiry !== undefined && expiry > Date.now() && req.headers["x-app-key"] === appKey;
  }

  function create(body: Record<string, unknown>): Record<string, unknown> {
    const fields = [
      "mode",
      "payerReference",
      "callbackURL",
      "amount",
      "currency",
      "intent",
      "merchantInvoiceNumber",
    ];
    if (fields.some((k) => !str(body, k))) return refusal("2065", "Mandatory field missing");
    if (str(body, "mode") !== "0011") return refusal("2063", "Mode is not valid as per request data");
    if (!/^\d+(\.\d{1,2})?$/.test(str(body, "amount")) || Number(str(body, "amount")) <= 0) {
      return refusal("2006", "Invalid amount");
    }
    if (str(body, "currency") !== "BDT") return refusal("2007", "Invalid currency");
    if (str(body, "intent") !== "sale") return refusal("2008", "Invalid intent");
    if (!URL.canParse(str(body, "callbackURL"))) return refusal("2049", "Invalid Merchant Callback URL");
    const paymentID = `TR0011${randomBytes(8).toString("hex").toUpperCase()}`;
    const p: FakeBkashPayment = {
      paymentID,
      request: Object.fromEntries(fields.map((k) => [k, str(body, k)])),
      transactionStatus: "Initiated",
      approved: false,
      outcome: "complete",
      trxID: null,
      createTime: stamp(),
      executeTime: null,
      refunds: [],
    };
    payments.set(paymentID, p);
    const callback = p.request.callbackURL!;
    const sep = callback.includes("?") ? "&" : "?";
    return {
      statusCode: "0000",
      statusMessage: "Successful",
      paymentID,
      bkashURL: `${baseUrl}/redirect/tokenized/?paymentID=${paymentID}`,
      callbackURL: callback,
      successCallbackURL: `${callback}${sep}paymentID=${paymentID}&status=success`,
      failureCallbackURL: `${callback}${sep}paymentID=${paymentID}&status=failure`,
      cancelledCallbackURL: `${callback}${sep}paymentID=${paymentID}&status=cancel`,
      amount: p.request.amount,
      intent: "sale",
      currency: "BDT",
      paymentCreateTime: p.createTime,
      transactionStatus: "Initiated",
      merchantInvoiceNumber: p.request.merchantInvoiceNumber,
    };
  }

  function details(p: FakeBkashPayment): Record<string, unknown> {
    return {
      paymentID: p.paymentID,
      payerReference: p.request.payerReference,
      customerMsisdn: p.approved ? "01770618575" : undefined,
      trxID: p.trxID ?? undefined,
      amount: p.request.amount,
      transactionStatus: p.transactionStatus,
      paymentExecuteTime: p.executeTime ?? undefined,
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: p.request.merchantInvoiceNumber,
    };
  }

  function execute(body: Record<string, unknown>): Record<string, unknown> {
    const p = payments.get(str(body, "paymentID"));
    if (!p) return refusal("2002", "Invalid Payment ID");
    if (p.transactionStatus === "Completed") return refusal("2062", "The payment has already been completed");
    if (p.transactionStatus === "Failed" || !p.approved) return refusal("2056", "Invalid Payment State");
    if (p.outcome === "insufficient_balance") {
      p.transactionStatus = "Failed";
      return refusal("2023", "Insufficient Balance");
    }
    p.transactionStatus = "Completed";
    p.trxID = randomBytes(5).toString("hex").toUpperCase();
    p.executeTime = stamp();
    return { statusCode: "0000", statusMessage: "Successful", ...details(p) };
  }

  function status(body: Record<string, unknown>): Record<string, unknown> {
    const p = payments.get(str(body, "paymentID"));
    if (!p) return refusal("2002", "Invalid Payment ID");
    return {
      ...details(p),
      mode: "0011",
      paymentCreateTime: p.createTime,
      verificationStatus: p.approved ? "Complete" : "Incomplete",
      statusCode: "0000",
      statusMessage: "Successful",
    };
  }

  const poisha = (amount: string) => Math.round(Number(amount) * 100);

  function refundView(p: FakeBkashPayment, r: FakeBkashPayment["refunds"][number]) {
    return {
      statusCode: "0000",
      statusMessage: "Successful",
      originalTrxID: p.trxID,
      refundTrxID: r.refundTrxID,
      transactionStatus: "Completed",
      amount: r.amount,
      currency: "BDT",
      charge: "0.00",
      completedTime: r.completedTime,
    };
  }

  /** A refund (with amount) or the refund status query (paymentID and trxID alone). */
  function refund(body: Record<string, unknown>): Record<string, unknown> {
    const p = payments.get(str(body, "paymentID"));
    if (!p) return refusal("2002", "Invalid Payment ID");
    if (p.transactionStatus !== "Completed" || str(body, "trxID") !== p.trxID) {
      return refusal("2056", "Invalid Payment State");
    }
    if (!str(body, "amount")) {
      const last = p.refunds.at(-1);
      return last ? refundView(p, last) : refusal("2072", "Refund not found");
    }
    if (!str(body, "sku") || !str(body, "reason")) return refusal("2065", "Mandatory field missing");
    if (!/^\d+(\.\d{1,2})?$/.test(str(body, "amount")) || Number(str(body, "amount")) <= 0) {
      return refusal("2006", "Invalid amount");
    }
    if (refuseRefund) {
      const r = refuseRefund;
      refuseRefund = null;
      return refusal(r.statusCode, r.statusMessage);
    }
    const given = p.refunds.reduce((n, r) => n + poisha(r.amount), 0);
    if (given + poisha(str(body, "amount")) > poisha(p.request.amount ?? "0")) {
      return refusal("2071", "Refund amount exceeds the refundable amount");
    }
    const r = {
      refundTrxID: randomBytes(5).toString("hex").toUpperCase(),
      amount: str(body, "amount"),
      sku: str(body, "sku"),
      reason: str(body, "reason"),
      completedTime: stamp(),
    };
    p.refunds.push(r);
    return refundView(p, r);
  }

  function requirePayment(paymentID: string): FakeBkashPayment {
    const p = payments.get(paymentID);
    if (!p) throw new Error(`The fake bKash has no payment ${paymentID}`);
    return p;
  }

  const callbackFields = (paymentID: string, s: "success" | "failure" | "cancel") => ({
    paymentID,
    status: s,
    signature: token(12),
    apiVersion: VERSION.slice(2),
  });

  function simulateApprove(paymentID: string, o: { outcome?: FakeBkashPayment["outcome"] } = {}) {
    const p = requirePayment(paymentID);
    p.approved = true;
    p.outcome = o.outcome ?? "complete";
    return callbackFields(paymentID, "success");
  }

  function callbackUrl(p: FakeBkashPayment, fields: Record<string, string>): string {
    const url = new URL(p.request.callbackURL!);
    for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
    return url.toString();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname.startsWith(VERSION) ? url.pathname.slice(VERSION.length) : url.pathname;
    requests.push(`${req.method} ${path}`);
    if (hangs > 0) {
      hangs--;
      return; // never answered
    }
    if (failures.left > 0) {
      failures.left--;
      send(res, failures.httpStatus, { message: "Internal server error" });
      return;
    }
    void (async () => {
      if (req.method === "GET" && path.startsWith("/redirect/tokenized")) {
        const p = payments.get(url.searchParams.get("paymentID") ?? "");
        if (!p) return send(res, 404, { message: "Not found" });
        const act = url.searchParams.get("act");
        if (act === "pay" || act === "fail" || act === "cancel") {
          const fields =
            act === "pay"
              ? simulateApprove(p.paymentID)
              : callbackFields(p.paymentID, act === "fail" ? "failure" : "cancel");
          res.writeHead(302, { location: callbackUrl(p, fields) });
          res.end();
          return;
        }
        const link = (a: string, label: string) =>
          `<p><a href="${VERSION}/redirect/tokenized/?paymentID=${p.paymentID}&act=${a}">${label}</a></p>`;
        const html = `<!doctype html><title>bKash (fake)</title><h1>Pay ৳${esc(p.request.amount ?? "")}</h1>${link("pay", "Pay")}${link("fail", "Fail")}${link("cancel", "Cancel")}`;
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(html);
        return;
      }
      if (req.method !== "POST") return send(res, 404, { message: "Not found" });
      const body = await readJson(req);
      if (path === "/tokenized/checkout/token/grant") return send(res, 200, tokenRequest(req, body, "grant"));
      if (path === "/tokenized/checkout/token/refresh")
        return send(res, 200, tokenRequest(req, body, "refresh"));
      if (!authorised(req)) return send(res, 401, { message: "Unauthorized" });
      if (path === "/tokenized/checkout/create") return send(res, 200, create(body));
      if (path === "/tokenized/checkout/execute") {
        const answer = execute(body);
        if (dropExecuteAnswer) {
          dropExecuteAnswer = false;
          return send(res, 504, { message: "Endpoint request timed out" });
        }
        return send(res, 200, answer);
      }
      if (path === "/tokenized/checkout/payment/status") return send(res, 200, status(body));
      if (path === "/tokenized/checkout/payment/refund") {
        const answer = refund(body);
        if (dropRefundAnswer && str(body, "amount")) {
          dropRefundAnswer = false;
          return; // made, never answered
        }
        return send(res, 200, answer);
      }
      send(res, 404, { message: "Not found" });
    })().catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { message: String(e) });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${VERSION}`;

  return {
    baseUrl,
    appKey,
    appSecret,
    username,
    password,
    payments: () => [...payments.values()],
    payment: (paymentID) => payments.get(paymentID),
    simulateApprove,
    simulateFailure: (paymentID) => callbackFields(requirePayment(paymentID).paymentID, "failure"),
    simulateCancel: (paymentID) => callbackFields(requirePayment(paymentID).paymentID, "cancel"),
    dropNextExecuteAnswer() {
      dropExecuteAnswer = true;
    },
    refuseNextRefund(statusCode = "2071", statusMessage = "Refund amount exceeds the refundable amount") {
      refuseRefund = { statusCode, statusMessage };
    },
    dropNextRefundAnswer() {
      dropRefundAnswer = true;
    },
    expireTokens() {
      idTokens.clear();
    },
    failNext(httpStatus = 500, count = 1) {
      failures = { httpStatus, left: count };
    },
    hangNext(count = 1) {
      hangs = count;
    },
    requests,
    count: (path) => requests.filter((r) => r.endsWith(` ${path}`)).length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/**
 * A stand-in for SSLCommerz (API v4) on a local port, for tests: the session API
 * (`/gwprocess/v4/api.php`), the Order Validation API (`/validator/api/validationserverAPI.php`)
 * and a bare hosted payment page with Pay / Fail / Cancel buttons. It checks the store
 * credentials, remembers sessions, signs callbacks with `verify_sign` / `verify_key` as SSLCommerz
 * does, and validates only the val_ids of payments it made: `VALID` the first time, `VALIDATED`
 * after, `INVALID_TRANSACTION` for any other. Wrong credentials get `status: FAILED` with a
 * `failedreason` from the session API and `APIConnect: FAILED` from the validation API. Its refund
 * API (`/validator/api/merchantTransIDvalidationAPI.php` with bank_tran_id, refund_amount,
 * refund_remarks, refe_id) initiates refunds of paid payments up to their amount and answers
 * `success` with a refund_ref_id; the same API with refund_ref_id answers `processing` until
 * `settleRefunds()` and `refunded` after. `refuseNextRefund` and `dropNextRefundAnswer` stand in
 * for a refusal and a time-out.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSslcommerzSession = {
  sessionkey: string;
  tranx: string;
  /** The form fields the session API received, credentials included. */
  fields: Record<string, string>;
  state: "open" | "paid" | "failed" | "cancelled";
  valId: string | null;
};

export type SimulatePayOptions = {
  /** The `amount` SSLCommerz reports (default: the session's total_amount). */
  amount?: string;
  /** 1 marks the payment risky (`risk_level`/`risk_title`). */
  riskLevel?: 0 | 1;
  /** The `bank_tran_id` to report; a fresh one by default. */
  bankTranId?: string;
};

export type FakeSslcommerz = {
  /** Pass as the adapter's baseUrl. */
  baseUrl: string;
  storeId: string;
  storePassword: string;
  /** Sessions opened so far, oldest first. */
  sessions(): FakeSslcommerzSession[];
  session(tranx: string): FakeSslcommerzSession | undefined;
  /**
   * The customer pays: the session's payment becomes known to the validation API, and the
   * signed fields SSLCommerz posts to success_url and ipn_url are returned.
   */
  simulatePay(tranx: string, opts?: SimulatePayOptions): Record<string, string>;
  /** The signed fields posted to fail_url (no val_id). */
  simulateFail(tranx: string, error?: string): Record<string, string>;
  /** The signed fields posted to cancel_url (no val_id). */
  simulateCancel(tranx: string): Record<string, string>;
  /** A copy of signed callback fields with some values changed and the old signature kept. */
  tamper(params: Record<string, string>, changes: Record<string, string>): Record<string, string>;
  /** The verify_sign SSLCommerz would put on these fields (listed in their verify_key). */
  sign(params: Record<string, string>): string;
  /** POSTs callback fields to the session's ipn_url as SSLCommerz's server would; the HTTP status. */
  deliverIpn(params: Record<string, string>): Promise<number>;
  /** Refunds asked for so far, oldest first. */
  refunds(): FakeSslcommerzRefund[];
  /** Every processing refund becomes refunded (SSLCommerz paid them out). */
  settleRefunds(): void;
  /** The next refund request answers `failed` with this errorReason. */
  refuseNextRefund(errorReason?: string): void;
  /** The next refund request is made but never answered (a time-out). */
  dropNextRefundAnswer(): void;
  /** The next `count` requests get this HTTP status and an HTML error page (an outage). */
  failNext(httpStatus?: number, count?: number): void;
  /** The next `count` requests are never answered (for timeouts). */
  hangNext(count?: number): void;
  /** Every request seen, as `METHOD /path`. */
  requests: string[];
  close(): Promise<void>;
};

export type FakeSslcommerzRefund = {
  refundRefId: string;
  bankTranId: string;
  tranx: string;
  /** As asked, "12.50". */
  amount: string;
  remarks: string;
  refeId: string;
  state: "processing" | "refunded";
};

const md5 = (s: string) => createHash("md5").update(s, "utf8").digest("hex");

/** The documented signature: verify_key's fields plus store_passwd=md5(password), sorted, `k=v&…`, md5. */
function signFields(params: Record<string, string>, storePassword: string): string {
  const data: Record<string, string> = { store_passwd: md5(storePassword) };
  for (const k of (params.verify_key ?? "").split(",")) if (k && k in params) data[k] = params[k]!;
  return md5(
    Object.keys(data)
      .sort()
      .map((k) => `${k}=${data[k]}`)
      .join("&"),
  );
}

function withSignature(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const keys = Object.keys(fields).sort();
  const signed: Record<string, string> = { ...fields, verify_key: keys.join(",") };
  signed.verify_sign = signFields(signed, storePassword);
  signed.verify_sign_sha2 = createHash("sha256").update(signed.verify_sign).digest("hex");
  return signed;
}

function send(res: ServerResponse, httpStatus: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(httpStatus, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, httpStatus: number, html: string): void {
  res.writeHead(httpStatus, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
  });
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function autoPost(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");
  return `<!doctype html><title>Redirecting</title><form method="post" action="${esc(action)}">${inputs}<button>Continue</button></form><script>document.forms[0].submit()</script>`;
}

const REQUIRED = [
  "total_amount",
  "currency",
  "tran_id",
  "success_url",
  "fail_url",
  "cancel_url",
  "cus_name",
  "cus_email",
  "cus_add1",
  "cus_city",
  "cus_country",
  "cus_phone",
  "shipping_method",
  "product_name",
  "product_category",
  "product_profile",
];

const id = (prefix: string, bytes = 8) => `${prefix}${randomBytes(bytes).toString("hex").toUpperCase()}`;

export async function startFakeSslcommerz(
  opts: { storeId?: string; storePassword?: string } = {},
): Promise<FakeSslcommerz> {
  const storeId = opts.storeId ?? "pathagartest";
  const storePassword = opts.storePassword ?? "pathagartest@ssl";
  const sessions = new Map<string, FakeSslcommerzSession>();
  const bySessionKey = new Map<string, FakeSslcommerzSession>();
  /** val_id → the validation answer's fields, and whether it was validated already. */
  const payments = new Map<string, { fields: Record<string, string>; validated: boolean }>();
  const requests: string[] = [];
  let failures: { httpStatus: number; left: number } = { httpStatus: 500, left: 0 };
  let hangs = 0;
  let baseUrl = "";
  const refunds: FakeSslcommerzRefund[] = [];
  let refuseRefund: string | null = null;
  let dropRefundAnswer = false;

  function now(): string {
    return new Date().toISOString().replace("T", " ").slice(0, 19);
  }

  function requireSession(tranx: string): FakeSslcommerzSession {
    const s = sessions.get(tranx);
    if (!s) throw new Error(`The fake SSLCommerz has no session for ${tranx}`);
    return s;
  }

  function common(s: FakeSslcommerzSession): Record<string, string> {
    return {
      tran_id: s.tranx,
      currency: s.fields.currency ?? "BDT",
      tran_date: now(),
      store_id: storeId,
      currency_type: s.fields.currency ?? "BDT",
      currency_amount: s.fields.total_amount ?? "",
      currency_rate: "1.0000",
      base_fair: "0.00",
      value_a: s.fields.value_a ?? "",
      value_b: s.fields.value_b ?? "",
      value_c: s.fields.value_c ?? "",
      value_d: s.fields.value_d ?? "",
    };
  }

  function simulatePay(tranx: string, o: SimulatePayOptions = {}): Record<string, string> {
    const s = requireSession(tranx);
    const valId = id("", 10);
    const amount = o.amount ?? s.fields.total_amount ?? "0.00";
    const risky = o.riskLevel === 1;
    const fields: Record<string, string> = {
      ...common(s),
      status: "VALID",
      val_id: valId,
      amount,
      store_amount: amount,
      bank_tran_id: o.bankTranId ?? id("BT", 10),
      card_type: "BKASH-BKash",
      card_no: "",
      card_issuer: "BKash Mobile Banking",
      card_brand: "MOBILEBANKING",
      card_issuer_country: "Bangladesh",
      card_issuer_country_code: "BD",
      risk_level: risky ? "1" : "0",
      risk_title: risky ? "Risky" : "Safe",
    };
    s.state = "paid";
    s.valId = valId;
    payments.set(valId, { fields, validated: false });
    return withSignature(fields, storePassword);
  }

  function simulateFail(tranx: string, error = "Declined by the bank"): Record<string, string> {
    const s = requireSession(tranx);
    s.state = "failed";
    return withSignature(
      { ...common(s), status: "FAILED", error, amount: s.fields.total_amount ?? "", bank_tran_id: "" },
      storePassword,
    );
  }

  function simulateCancel(tranx: string): Record<string, string> {
    const s = requireSession(tranx);
    s.state = "cancelled";
    return withSignature(
      {
        ...common(s),
        status: "CANCELLED",
        error: "Cancelled by User",
        amount: s.fields.total_amount ?? "",
        bank_tran_id: "",
      },
      storePassword,
    );
  }

  function openSession(form: Record<string, string>): Record<string, unknown> {
    if (form.store_id !== storeId || form.store_passwd !== storePassword) {
      return { status: "FAILED", failedreason: "Store Credential Error Or Store is De-active" };
    }
    const missing = REQUIRED.filter((k) => !form[k]);
    if (missing.length > 0)
      return { status: "FAILED", failedreason: `Invalid Information: ${missing.join(", ")} missing` };
    const amount = Number(form.total_amount);
    if (!/^\d+(\.\d{1,2})?$/.test(form.total_amount!) || amount < 10 || amount > 500000) {
      return { status: "FAILED", failedreason: "Invalid Amount: must be 10.00 to 500000.00 BDT" };
    }
    if (form.tran_id!.length > 30)
      return { status: "FAILED", failedreason: "Invalid tran_id: at most 30 characters" };
    const sessionkey = id("", 16);
    const s: FakeSslcommerzSession = {
      sessionkey,
      tranx: form.tran_id!,
      fields: form,
      state: "open",
      valId: null,
    };
    sessions.set(s.tranx, s);
    bySessionKey.set(sessionkey, s);
    const page = `${baseUrl}/EasyCheckOut/${sessionkey}`;
    return {
      status: "SUCCESS",
      failedreason: "",
      sessionkey,
      gw: { visa: "", master: "", amex: "", othercards: "", internetbanking: "", mobilebanking: "bkash" },
      redirectGatewayURL: `${page}?gw=`,
      directPaymentURLBank: "",
      directPaymentURLCard: "",
      directPaymentURL: "",
      redirectGatewayURLFailed: "",
      GatewayPageURL: page,
      storeBanner: "",
      storeLogo: "",
      desc: [],
      is_direct_pay_enable: "0",
    };
  }

  function validation(query: URLSearchParams): Record<string, unknown> {
    if (query.get("store_id") !== storeId || query.get("store_passwd") !== storePassword) {
      return { APIConnect: "FAILED" };
    }
    const valId = query.get("val_id");
    if (!valId) return { APIConnect: "INVALID_REQUEST" };
    const p = payments.get(valId);
    if (!p) return { status: "INVALID_TRANSACTION", APIConnect: "DONE", val_id: valId };
    const status = p.validated ? "VALIDATED" : "VALID";
    p.validated = true;
    return {
      ...p.fields,
      status,
      emi_instalment: "0",
      emi_amount: "0.00",
      emi_description: "",
      emi_issuer: "",
      account_details: "",
      APIConnect: "DONE",
      validated_on: now(),
      gw_version: "",
    };
  }

  /** The refund API: a refund (bank_tran_id …) or the refund status query (refund_ref_id). */
  function refundApi(query: URLSearchParams): Record<string, unknown> {
    if (query.get("store_id") !== storeId || query.get("store_passwd") !== storePassword) {
      return { APIConnect: "FAILED" };
    }
    const refId = query.get("refund_ref_id");
    if (refId) {
      const r = refunds.find((x) => x.refundRefId === refId);
      if (!r)
        return {
          APIConnect: "DONE",
          status: "failed",
          refund_ref_id: refId,
          errorReason: "Invalid refund_ref_id",
        };
      return {
        APIConnect: "DONE",
        bank_tran_id: r.bankTranId,
        tran_id: r.tranx,
        refund_ref_id: r.refundRefId,
        initiated_on: now(),
        refunded_on: r.state === "refunded" ? now() : "",
        status: r.state,
        errorReason: "",
      };
    }
    const bankTranId = query.get("bank_tran_id") ?? "";
    const amount = query.get("refund_amount") ?? "";
    const remarks = query.get("refund_remarks") ?? "";
    if (!bankTranId || !amount || !remarks) return { APIConnect: "INVALID_REQUEST" };
    const paid = [...payments.values()].find((p) => p.fields.bank_tran_id === bankTranId);
    const failed = (errorReason: string) => ({
      APIConnect: "DONE",
      bank_tran_id: bankTranId,
      trans_id: paid?.fields.tran_id ?? "",
      refund_ref_id: "",
      status: "failed",
      errorReason,
    });
    if (!paid) return failed("Invalid bank_tran_id");
    if (refuseRefund !== null) {
      const why = refuseRefund;
      refuseRefund = null;
      return failed(why);
    }
    const cents = (v: string) => Math.round(Number(v) * 100);
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || cents(amount) <= 0) return failed("Invalid refund_amount");
    const given = refunds.filter((r) => r.bankTranId === bankTranId).reduce((n, r) => n + cents(r.amount), 0);
    if (given + cents(amount) > cents(paid.fields.amount ?? "0")) {
      return failed("Refund amount is greater than the transaction amount");
    }
    const r: FakeSslcommerzRefund = {
      refundRefId: id("", 12),
      bankTranId,
      tranx: paid.fields.tran_id ?? "",
      amount,
      remarks,
      refeId: query.get("refe_id") ?? "",
      state: "processing",
    };
    refunds.push(r);
    return {
      APIConnect: "DONE",
      bank_tran_id: bankTranId,
      trans_id: r.tranx,
      refund_ref_id: r.refundRefId,
      status: "success",
      errorReason: "",
    };
  }

  function paymentPage(s: FakeSslcommerzSession): string {
    const button = (what: string, label: string) =>
      `<form method="post" action="/EasyCheckOut/${s.sessionkey}/${what}"><button>${label}</button></form>`;
    return `<!doctype html><title>SSLCommerz (fake)</title><h1>Pay ৳${esc(s.fields.total_amount ?? "")}</h1><p>${esc(s.tranx)}</p>${button("pay", "Pay")}${button("fail", "Fail")}${button("cancel", "Cancel")}`;
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(`${req.method} ${url.pathname}`);
    if (hangs > 0) {
      hangs--;
      return; // never answered
    }
    if (failures.left > 0) {
      failures.left--;
      sendHtml(res, failures.httpStatus, "<h1>Service Unavailable</h1>");
      return;
    }
    void (async () => {
      if (req.method === "POST" && url.pathname === "/gwprocess/v4/api.php") {
        send(res, 200, openSession(await readForm(req)));
        return;
      }
      if (req.method === "GET" && url.pathname === "/validator/api/merchantTransIDvalidationAPI.php") {
        const answer = refundApi(url.searchParams);
        if (dropRefundAnswer && url.searchParams.has("bank_tran_id")) {
          dropRefundAnswer = false;
          return; // made, never answered
        }
        send(res, 200, answer);
        return;
      }
      if (req.method === "GET" && url.pathname === "/validator/api/validationserverAPI.php") {
        send(res, 200, validation(url.searchParams));
        return;
      }
      const page = /^\/EasyCheckOut\/([0-9A-F]+)(?:\/(pay|fail|cancel))?$/.exec(url.pathname);
      const s = page ? bySessionKey.get(page[1]!) : undefined;
      if (s && req.method === "GET" && !page![2]) {
        sendHtml(res, 200, paymentPage(s));
        return;
      }
      if (s && req.method === "POST" && page![2]) {
        const action = page![2];
        const params =
          action === "pay"
            ? simulatePay(s.tranx)
            : action === "fail"
              ? simulateFail(s.tranx)
              : simulateCancel(s.tranx);
        const target =
          action === "pay"
            ? s.fields.success_url
            : action === "fail"
              ? s.fields.fail_url
              : s.fields.cancel_url;
        if (s.fields.ipn_url) void deliverIpn(params).catch(() => undefined);
        sendHtml(res, 200, autoPost(target ?? "/", params));
        return;
      }
      send(res, 404, { status: "FAILED", failedreason: "Not found" });
    })().catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { status: "FAILED", failedreason: String(e) });
    });
  });

  async function deliverIpn(params: Record<string, string>): Promise<number> {
    const s = requireSession(params.tran_id ?? "");
    if (!s.fields.ipn_url) throw new Error(`Session ${s.tranx} has no ipn_url`);
    const res = await fetch(s.fields.ipn_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params),
    });
    await res.arrayBuffer();
    return res.status;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    storeId,
    storePassword,
    sessions: () => [...sessions.values()],
    session: (tranx) => sessions.get(tranx),
    simulatePay,
    simulateFail,
    simulateCancel,
    tamper: (params, changes) => ({ ...params, ...changes }),
    sign: (params) => signFields(params, storePassword),
    deliverIpn,
    refunds: () => [...refunds],
    settleRefunds() {
      for (const r of refunds) r.state = "refunded";
    },
    refuseNextRefund(errorReason = "Refund is not allowed for this transaction") {
      refuseRefund = errorReason;
    },
    dropNextRefundAnswer() {
      dropRefundAnswer = true;
    },
    failNext(httpStatus = 500, count = 1) {
      failures = { httpStatus, left: count };
    },
    hangNext(count = 1) {
      hangs = count;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/**
 * A stand-in for Steadfast's API v1 on a local port, for tests: it checks the key headers, books
 * consignments (refusing a second one with the same invoice), remembers them and answers the three
 * status look-ups. The docs show only successful answers; refusals here take the usual Laravel
 * shape the adapter also reads: `{status: 400, message, errors: {field: [..]}}` in an HTTP 200.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeConsignment = {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  status: string;
  note: string | null;
  created_at: string;
  updated_at: string;
};

export type FakeSteadfast = {
  /** Pass as SteadfastOptions.baseUrl (or STEADFAST_BASE_URL). */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** Moves a consignment on, as Steadfast's staff would: `pending`, `delivered`, `cancelled`, … */
  setStatus(consignmentId: string | number, status: string): void;
  /** The consignments booked so far, oldest first. */
  consignments(): FakeConsignment[];
  /** The next `count` requests get this HTTP status and an error body (a courier outage). */
  failNext(httpStatus?: number, count?: number): void;
  /** What `GET /fraud_check/{phone}` answers for a phone (an unknown phone: all zero). */
  setHistory(phone: string, history: { delivered: number; cancelled: number }): void;
  /** Every answer waits this long first (a slow courier); 0 by default. */
  delayMs: number;
  /** Every request seen, as `METHOD /path`. */
  requests: string[];
  close(): Promise<void>;
};

const INVOICE = /^[A-Za-z0-9_-]+$/;

function send(res: ServerResponse, httpStatus: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(httpStatus, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function validate(
  body: Record<string, unknown>,
  taken: (invoice: string) => boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const str = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
  const invoice = str("invoice");
  if (!invoice) errors.invoice = ["The invoice field is required."];
  else if (!INVOICE.test(invoice)) errors.invoice = ["The invoice format is invalid."];
  else if (taken(invoice)) errors.invoice = ["The invoice has already been taken."];
  const name = str("recipient_name");
  if (!name) errors.recipient_name = ["The recipient name field is required."];
  else if (name.length > 100)
    errors.recipient_name = ["The recipient name may not be greater than 100 characters."];
  if (!/^\d{11}$/.test(str("recipient_phone"))) {
    errors.recipient_phone = ["The recipient phone must be 11 digits."];
  }
  const address = str("recipient_address");
  if (!address) errors.recipient_address = ["The recipient address field is required."];
  else if (address.length > 250) {
    errors.recipient_address = ["The recipient address may not be greater than 250 characters."];
  }
  const cod = body.cod_amount;
  if (typeof cod !== "number" || !Number.isFinite(cod) || cod < 0) {
    errors.cod_amount = ["The cod amount must be a number of at least 0."];
  }
  return errors;
}

export async function startFakeSteadfast(): Promise<FakeSteadfast> {
  const apiKey = `fake-api-${randomBytes(6).toString("hex")}`;
  const secretKey = `fake-secret-${randomBytes(6).toString("hex")}`;
  const byId = new Map<number, FakeConsignment>();
  const requests: string[] = [];
  let nextId = 1_424_107;
  let failures: { httpStatus: number; count: number } = { httpStatus: 500, count: 0 };
  const histories = new Map<string, { delivered: number; cancelled: number }>();
  const control = { delayMs: 0 };

  const find = (kind: string, key: string): FakeConsignment | undefined => {
    for (const c of byId.values()) {
      if (kind === "status_by_cid" && String(c.consignment_id) === key) return c;
      if (kind === "status_by_trackingcode" && c.tracking_code === key) return c;
      if (kind === "status_by_invoice" && c.invoice === key) return c;
    }
    return undefined;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname.replace(/^\/api\/v1/, "");
    requests.push(`${req.method} ${path}`);
    if (control.delayMs > 0) await new Promise((r) => setTimeout(r, control.delayMs));
    try {
      if (failures.count > 0) {
        failures.count -= 1;
        return send(res, failures.httpStatus, { message: "Server Error" });
      }
      if (req.headers["api-key"] !== apiKey || req.headers["secret-key"] !== secretKey) {
        return send(res, 401, { message: "Unauthenticated." });
      }
      if (req.method === "POST" && path === "/create_order") {
        let body: unknown;
        try {
          body = await readJson(req);
        } catch {
          return send(res, 400, { status: 400, message: "The request body is not JSON." });
        }
        if (typeof body !== "object" || body === null) {
          return send(res, 400, { status: 400, message: "The request body is not a JSON object." });
        }
        const b = body as Record<string, unknown>;
        const errors = validate(b, (invoice) => find("status_by_invoice", invoice) !== undefined);
        if (Object.keys(errors).length > 0) return send(res, 200, { status: 400, errors });
        const now = new Date().toISOString();
        const id = nextId++;
        const consignment: FakeConsignment = {
          consignment_id: id,
          invoice: b.invoice as string,
          tracking_code: randomBytes(4).toString("hex").toUpperCase(),
          recipient_name: b.recipient_name as string,
          recipient_phone: b.recipient_phone as string,
          recipient_address: b.recipient_address as string,
          cod_amount: b.cod_amount as number,
          status: "in_review",
          note: typeof b.note === "string" ? b.note : null,
          created_at: now,
          updated_at: now,
        };
        byId.set(id, consignment);
        return send(res, 200, {
          status: 200,
          message: "Consignment has been created successfully.",
          consignment,
        });
      }
      const lookup = /^\/(status_by_cid|status_by_trackingcode|status_by_invoice)\/([^/]+)$/.exec(path);
      if (req.method === "GET" && lookup) {
        const c = find(lookup[1]!, decodeURIComponent(lookup[2]!));
        if (!c) return send(res, 404, { status: 404, message: "Consignment not found." });
        return send(res, 200, { status: 200, delivery_status: c.status });
      }
      // The phone's delivery record across Steadfast's merchants, in the field names its clients read.
      const fraud = /^\/fraud_check\/([^/]+)$/.exec(path);
      if (req.method === "GET" && fraud) {
        const h = histories.get(decodeURIComponent(fraud[1]!)) ?? { delivered: 0, cancelled: 0 };
        return send(res, 200, {
          total_parcels: h.delivered + h.cancelled,
          total_delivered: h.delivered,
          total_cancelled: h.cancelled,
        });
      }
      if (req.method === "GET" && path === "/get_balance") {
        return send(res, 200, { status: 200, current_balance: 0 });
      }
      return send(res, 404, { message: "Not Found" });
    } catch (e) {
      return send(res, 500, { message: e instanceof Error ? e.message : "Server Error" });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    apiKey,
    secretKey,
    requests,
    setStatus(consignmentId, status) {
      const c = byId.get(Number(consignmentId));
      if (!c) throw new Error(`The fake Steadfast has no consignment ${consignmentId}`);
      c.status = status;
      c.updated_at = new Date().toISOString();
    },
    consignments: () => [...byId.values()].map((c) => ({ ...c })),
    failNext(httpStatus = 500, count = 1) {
      failures = { httpStatus, count };
    },
    setHistory(phone, history) {
      histories.set(phone, history);
    },
    get delayMs() {
      return control.delayMs;
    },
    set delayMs(ms: number) {
      control.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

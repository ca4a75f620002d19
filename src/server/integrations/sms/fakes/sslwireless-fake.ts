/**
 * A stand-in for SSL Wireless's ISMS Plus API v3 (single SMS) on a local port, for tests. It takes
 * `POST /api/v3/send-sms` with a JSON body (api_token, sid, msisdn, sms, csms_id), checks the
 * token and sid, the number (8801XXXXXXXXX) and the csms_id (at most 20 letters and digits, unique:
 * a repeat is refused with status_code 4023), and answers in the documented shape:
 * `{status: "SUCCESS", status_code: 200, error_message: "", smsinfo: [{sms_status, status_message,
 * msisdn, sms_type, sms_body, csms_id, reference_id}]}`, or `status: "FAILED"` with the code.
 */
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSms = { msisdn: string; sms: string; csmsId: string; referenceId: string; type: string };

export type FakeSslWireless = {
  /** Pass as SslWirelessOptions.baseUrl (or SSLWIRELESS_BASE_URL). */
  baseUrl: string;
  apiToken: string;
  sid: string;
  /** The messages accepted, oldest first. */
  messages: FakeSms[];
  /** Every request: its content type and raw body. */
  requests: { contentType: string; body: string }[];
  /** The next `count` requests get this HTTP status and an error page (an outage). */
  failNext(httpStatus?: number, count?: number): void;
  /** The next `count` requests are refused with this status_code in an HTTP 200, as the gateway does. */
  refuseNext(statusCode: number, count?: number): void;
  /** The next request is held without an answer until the fake closes (a hung gateway). */
  hangNext(): void;
  close(): Promise<void>;
};

const MESSAGES: Record<number, string> = {
  4001: "Unauthorized",
  4002: "SID/Stakeholder is not permitted",
  4005: "Invalid request format",
  4020: "Invalid CSMS ID",
  4022: "Required Parameter Missing",
  4023: "Duplicate CSMS ID",
  4025: "Invalid Cell No.",
  4029: "Too many requests",
};

function send(res: ServerResponse, httpStatus: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(httpStatus, {
    "content-type": typeof body === "string" ? "text/html" : "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

const failed = (statusCode: number) => ({
  status: "FAILED",
  status_code: statusCode,
  error_message: MESSAGES[statusCode] ?? "Unknown Error",
});

export async function startFakeSslWireless(): Promise<FakeSslWireless> {
  const apiToken = `fake-token-${randomBytes(6).toString("hex")}`;
  const sid = "PATHAGAR";
  const messages: FakeSms[] = [];
  const requests: FakeSslWireless["requests"] = [];
  let outage = { httpStatus: 500, count: 0 };
  let refusal = { statusCode: 0, count: 0 };
  let hang = false;

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    requests.push({ contentType: req.headers["content-type"] ?? "", body: raw });
    if (hang) {
      hang = false;
      return;
    }
    if (outage.count > 0) {
      outage.count -= 1;
      return send(res, outage.httpStatus, "<html><body>502 Bad Gateway</body></html>");
    }
    if (req.method !== "POST" || new URL(req.url ?? "/", "http://fake").pathname !== "/api/v3/send-sms") {
      return send(res, 404, failed(4004));
    }
    if (refusal.count > 0) {
      refusal.count -= 1;
      return send(res, 200, failed(refusal.statusCode));
    }
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(raw) as Record<string, unknown>;
      if (typeof b !== "object" || b === null) throw new Error("not an object");
    } catch {
      return send(res, 200, failed(4005));
    }
    if (!b.api_token || !b.sid || !b.msisdn || !b.sms || !b.csms_id) return send(res, 200, failed(4022));
    if (b.api_token !== apiToken) return send(res, 200, failed(4001));
    if (b.sid !== sid) return send(res, 200, failed(4002));
    const csmsId = String(b.csms_id);
    if (!/^[A-Za-z0-9]{1,20}$/.test(csmsId)) return send(res, 200, failed(4020));
    const msisdn = String(b.msisdn);
    if (!/^8801[3-9]\d{8}$/.test(msisdn)) return send(res, 200, failed(4025));
    if (messages.some((m) => m.csmsId === csmsId)) return send(res, 200, failed(4023));
    const sms = String(b.sms);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the line between the two kinds.
    const type = /^[\x00-\x7f]*$/.test(sms) ? "EN" : "UNICODE";
    const referenceId = randomBytes(10).toString("hex").slice(0, 19);
    messages.push({ msisdn, sms, csmsId, referenceId, type });
    return send(res, 200, {
      status: "SUCCESS",
      status_code: 200,
      error_message: "",
      smsinfo: [
        {
          sms_status: "SUCCESS",
          status_message: "Success",
          msisdn,
          sms_type: type,
          sms_body: sms,
          csms_id: csmsId,
          reference_id: referenceId,
        },
      ],
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiToken,
    sid,
    messages,
    requests,
    failNext(httpStatus = 502, count = 1) {
      outage = { httpStatus, count };
    },
    refuseNext(statusCode, count = 1) {
      refusal = { statusCode, count };
    },
    hangNext() {
      hang = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

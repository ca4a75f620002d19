/**
 * A tiny SMTP server on a local port for tests: plain text (no TLS), EHLO/HELO, AUTH PLAIN and
 * LOGIN (any credentials, recorded), MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT. Each message is
 * kept with its envelope and its decoded subject, text and HTML parts.
 */

import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";

export type FakeMail = {
  from: string;
  to: string[];
  auth: { user: string; password: string } | null;
  /** The message as it came after DATA, dot-stuffing removed. */
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string | null;
};

export type FakeSmtp = {
  host: string;
  port: number;
  messages: FakeMail[];
  close(): Promise<void>;
};

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words in a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function parseEntity(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html parts of a message, searched through nested multiparts. */
function parts(headers: Record<string, string>, body: string): { text: string; html: string | null } {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    let text = "";
    let html: string | null = null;
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = parseEntity(chunk.replace(/^\r\n/, "").replace(/\r\n$/, ""));
      const found = parts(part.headers, part.body);
      text ||= found.text;
      html ??= found.html;
    }
    return { text, html };
  }
  const decoded = decodeBody(headers, body).replace(/\r\n$/, "");
  return /^text\/html/i.test(type) ? { text: "", html: decoded } : { text: decoded, html: null };
}

function parseMail(envelope: { from: string; to: string[]; auth: FakeMail["auth"] }, raw: string): FakeMail {
  const { headers, body } = parseEntity(raw);
  return { ...envelope, raw, headers, subject: decodeWords(headers.subject ?? ""), ...parts(headers, body) };
}

/** Listens on `listenOn` (default: any free port). */
export async function startFakeSmtp(listenOn = 0): Promise<FakeSmtp> {
  const messages: FakeMail[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    const reply = (line: string) => socket.write(`${line}\r\n`);

    let from = "";
    let to: string[] = [];
    let auth: FakeMail["auth"] = null;
    let mode: "command" | "data" | "auth-plain" | "auth-login-user" | "auth-login-password" = "command";
    let loginUser = "";
    let data: string[] = [];
    let buffer = "";

    const plain = (b64: string) => {
      const [, user = "", password = ""] = Buffer.from(b64, "base64").toString("utf8").split("\0");
      auth = { user, password };
      reply("235 2.7.0 Authentication successful");
    };

    const onLine = (line: string) => {
      if (mode === "data") {
        if (line === ".") {
          messages.push(parseMail({ from, to, auth }, data.join("\r\n")));
          reply("250 2.0.0 OK queued");
          mode = "command";
          from = "";
          to = [];
          data = [];
        } else {
          data.push(line.startsWith("..") ? line.slice(1) : line);
        }
        return;
      }
      if (mode === "auth-plain") {
        mode = "command";
        return plain(line);
      }
      if (mode === "auth-login-user") {
        loginUser = Buffer.from(line, "base64").toString("utf8");
        mode = "auth-login-password";
        return reply("334 UGFzc3dvcmQ6");
      }
      if (mode === "auth-login-password") {
        auth = { user: loginUser, password: Buffer.from(line, "base64").toString("utf8") };
        mode = "command";
        return reply("235 2.7.0 Authentication successful");
      }
      const [verb = "", ...rest] = line.split(" ");
      const arg = rest.join(" ");
      switch (verb.toUpperCase()) {
        case "EHLO":
          return socket.write(
            "250-fake.smtp greets you\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n",
          );
        case "HELO":
          return reply("250 fake.smtp");
        case "AUTH": {
          const [method = "", initial] = arg.split(" ");
          if (method.toUpperCase() === "PLAIN") {
            if (initial) return plain(initial);
            mode = "auth-plain";
            return reply("334 ");
          }
          if (method.toUpperCase() === "LOGIN") {
            mode = "auth-login-user";
            return reply("334 VXNlcm5hbWU6");
          }
          return reply("504 5.5.4 Unrecognized authentication type");
        }
        case "MAIL":
          from = /<([^>]*)>/.exec(arg)?.[1] ?? "";
          return reply("250 2.1.0 OK");
        case "RCPT": {
          const rcpt = /<([^>]*)>/.exec(arg)?.[1];
          if (!rcpt) return reply("501 5.1.3 Bad recipient address syntax");
          to.push(rcpt);
          return reply("250 2.1.5 OK");
        }
        case "DATA":
          if (!from || to.length === 0) return reply("503 5.5.1 Need MAIL and RCPT first");
          mode = "data";
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          from = "";
          to = [];
          return reply("250 2.0.0 OK");
        case "NOOP":
          return reply("250 2.0.0 OK");
        case "QUIT":
          reply("221 2.0.0 Bye");
          return socket.end();
        default:
          return reply("502 5.5.2 Command not recognized");
      }
    };

    // Decodes across chunk boundaries, so a character split between two packets stays whole.
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf("\r\n");
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onLine(line);
        end = buffer.indexOf("\r\n");
      }
    });
    reply("220 fake.smtp ESMTP ready");
  });

  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: "127.0.0.1",
    port,
    messages,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const s of sockets) s.destroy();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

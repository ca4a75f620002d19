// What the shop says to PostgreSQL for one request, read from the server's own log: every
// statement in the order it ran, its prepared-statement name and its parameters as sent. The bare
// reference server (reference-server.ts) replays exactly these.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import pg from "pg";
import type { ThrowawayPostgres } from "../../tests/support/postgres";
import { sleep } from "./format";

/** One statement as the shop sent it: `name` null for an unnamed (or simple-protocol) statement. */
export type LoggedStatement = { pid: number; name: string | null; text: string; params: (string | null)[] };

const PREFIX = "@@";
const ENTRY = /^@@(\d+)@@ (LOG|DETAIL|ERROR|STATEMENT|WARNING|HINT|CONTEXT):\s+([\s\S]*)$/;

async function setLogging(url: string, on: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (on) {
      await client.query("alter system set log_statement = 'all'");
      await client.query(`alter system set log_line_prefix = '${PREFIX}%p${PREFIX} '`);
    } else {
      await client.query("alter system reset log_statement");
      await client.query("alter system reset log_line_prefix");
    }
    await client.query("select pg_reload_conf()");
  } finally {
    await client.end();
  }
  // Every backend reads the new settings before its next command.
  await sleep(200);
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  if (size <= offset) return "";
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(size - offset);
    readSync(fd, buf, 0, buf.length, offset);
    return buf.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** `$1 = 'a''b', $2 = NULL` → ["a'b", null]. */
export function parseParameters(detail: string): (string | null)[] {
  const out: (string | null)[] = [];
  const re = /\$(\d+) = (?:NULL|'((?:[^']|'')*)')(?:, |$)/gy;
  re.lastIndex = 0;
  for (let m = re.exec(detail); m; m = re.exec(detail)) {
    out[Number(m[1]) - 1] = m[2] === undefined ? null : m[2].replaceAll("''", "'");
    if (re.lastIndex >= detail.length) break;
  }
  return out;
}

/** The statements in a stretch of the log (entries start with the prefix; other lines continue one). */
export function parseStatements(log: string): LoggedStatement[] {
  const entries: { pid: number; level: string; text: string }[] = [];
  for (const line of log.split("\n")) {
    const m = ENTRY.exec(line);
    if (m) entries.push({ pid: Number(m[1]), level: m[2]!, text: m[3]! });
    else if (entries.length && !line.startsWith(PREFIX)) entries.at(-1)!.text += `\n${line}`;
  }
  const out: LoggedStatement[] = [];
  for (const e of entries) {
    if (e.level === "LOG") {
      const exec = /^execute ([^:]+): ([\s\S]*)$/.exec(e.text);
      if (exec) {
        const name = exec[1] === "<unnamed>" ? null : exec[1]!;
        out.push({ pid: e.pid, name, text: exec[2]!.trimEnd(), params: [] });
        continue;
      }
      const simple = /^statement: ([\s\S]*)$/.exec(e.text);
      if (simple) out.push({ pid: e.pid, name: null, text: simple[1]!.trimEnd(), params: [] });
    } else if (e.level === "DETAIL" && e.text.startsWith("parameters: ")) {
      const last = [...out].reverse().find((s) => s.pid === e.pid);
      if (last) last.params = parseParameters(e.text.slice("parameters: ".length).trimEnd());
    } else if (e.level === "ERROR") {
      throw new Error(`PostgreSQL refused a statement while recording: ${e.text}`);
    }
  }
  return out;
}

/**
 * Turns on statement logging, runs `request` twice in a row (the second must send the same
 * statements as the first: nothing else ran meanwhile) and answers the statements of the second.
 */
export async function recordStatements(
  cluster: ThrowawayPostgres,
  request: () => Promise<void>,
): Promise<LoggedStatement[]> {
  await setLogging(cluster.url, true);
  try {
    let last: string | null = null;
    for (let attempt = 0; attempt < 6; attempt++) {
      const offset = statSync(cluster.logFile).size;
      await request();
      await sleep(150);
      const statements = parseStatements(readFrom(cluster.logFile, offset));
      const key = JSON.stringify(statements.map((s) => s.text));
      if (key === last) return statements;
      last = key;
    }
    throw new Error("the shop sent different statements each time one request was recorded");
  } finally {
    await setLogging(cluster.url, false);
  }
}

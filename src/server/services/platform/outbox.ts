/**
 * The outbox: every message to a customer (order news, one-time codes) is a row written in the
 * same transaction as the change it reports, so a crash can lose neither the change nor its
 * message. Rows are delivered after the commit: at once by a nudge from the server that wrote
 * them, and every few seconds by the worker every server runs (jobs.ts), which also retries.
 *
 * Delivery claims due rows with FOR UPDATE SKIP LOCKED and moves them a lease ahead in one short
 * transaction, then sends with no transaction open, then marks each sent (or due again later, with
 * backoff). A server that dies between "sent" and "marked sent" leaves the row to be claimed again
 * when its lease runs out; the provider is given the row's unique key and delivers a key once, so
 * the retry sends nothing twice. After MAX_ATTEMPTS (or a refusal no retry can mend, such as an
 * invalid number) the row is left `failed` with the reason.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { claimWithLease, leaseUntil } from "../../db/claim";
import type { Db } from "../../db/client";
import { type OutboxPayload, outbox } from "../../db/schema";
import { SmsError } from "../../integrations/sms/provider";
import type { Ctx } from "../context";
import { workRounds } from "./rounds";

type Row = typeof outbox.$inferSelect;

/** How many times a message is tried before it is left failed. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claimed message is left to the server that claimed it before another may retry it:
 * longer than a batch can take with every send running into its timeout (two waves of sends, each
 * under a minute even for SMTP's three 15 s timeouts), so a slow send is never sent twice.
 */
export const DEFAULT_LEASE_MS = 120_000;
/** Messages sent at once within a batch. */
const PARALLEL_SENDS = 8;
/** Messages claimed at a time. */
export const DELIVERY_BATCH = PARALLEL_SENDS * 2;
/** What a delivered one-time code's text becomes in the outbox. */
export const REDACTED = "(one-time code: removed once delivered)";

/** The wait before the next try after `attempts` failed ones: 10 s, 30 s, 90 s, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 3 ** Math.max(attempts - 1, 0), 3_600_000);
}

export type NewMessage = (
  | { key: string; channel: "sms"; to: string; body: string; secret?: boolean }
  | {
      key: string;
      channel: "email";
      to: string;
      subject: string;
      text: string;
      html?: string;
      secret?: boolean;
    }
) & {
  /** Held until then (news that later news may make needless); now when absent. */
  dueAt?: Date;
};

/** A one-time code's message once delivered or given up: its text is gone (an email's subject too, which names the code). */
function redacted(p: OutboxPayload): OutboxPayload {
  return "subject" in p ? { subject: REDACTED, text: REDACTED } : { body: REDACTED };
}

/**
 * Writes messages to the outbox inside the caller's transaction; a key already there is kept as
 * it is (the same news is sent once). Deliver them after the commit with `nudgeOutbox`.
 */
export async function enqueueMessages(tx: Db, messages: NewMessage[], now: Date): Promise<void> {
  const insert = outboxInsert(tx, messages, now);
  if (insert) await insert;
}

/** `enqueueMessages`' statement, a query builder to send with others (false: no messages). */
export function outboxInsert(tx: Db, messages: NewMessage[], now: Date) {
  if (messages.length === 0) return false;
  return tx
    .insert(outbox)
    .values(messages.map((m) => rowFor(m, now)))
    .onConflictDoNothing({ target: outbox.key });
}

function rowFor(m: NewMessage, now: Date): typeof outbox.$inferInsert {
  return {
    key: m.key,
    channel: m.channel,
    recipient: m.to,
    payload: (m.channel === "sms"
      ? { body: m.body }
      : { subject: m.subject, text: m.text, html: m.html }) satisfies OutboxPayload,
    secret: m.secret === true,
    dueAt: m.dueAt ?? now,
    createdAt: now,
  };
}

export type DeliveryDeps = Pick<Ctx, "db" | "sms" | "email" | "log" | "now">;

export type DeliveryOptions = {
  /** Only these rows (a nudge for what one request wrote). */
  ids?: number[];
  limit?: number;
  leaseMs?: number;
};

export type DeliveryRound = { claimed: number; sent: number; retrying: number; failed: number };

/** Claims due messages (SKIP LOCKED: other servers take other rows) and moves them a lease ahead. */
function claimDue(db: Db, now: Date, opts: DeliveryOptions): Promise<Row[]> {
  return claimWithLease(db, outbox, {
    due: and(
      eq(outbox.status, "pending"),
      lte(outbox.dueAt, now),
      opts.ids ? inArray(outbox.id, opts.ids) : undefined,
    ),
    orderBy: [asc(outbox.dueAt), asc(outbox.id)],
    limit: opts.limit ?? DELIVERY_BATCH,
    // The lease is the row's next due time: not sent and marked by then, it is tried again.
    set: { attempts: sql`${outbox.attempts} + 1`, dueAt: leaseUntil(now, opts.leaseMs ?? DEFAULT_LEASE_MS) },
  });
}

/** The provider's reason, short; never the message itself. */
function reasonOf(err: unknown): string {
  // A failed statement's message lists its parameters (the text itself): take the database's reason.
  const e = err instanceof Error && "params" in err && err.cause instanceof Error ? err.cause : err;
  const text = e instanceof Error ? e.message : String(e);
  return text.slice(0, 500) || "no reason given";
}

async function deliverOne(deps: DeliveryDeps, m: Row): Promise<"sent" | "retrying" | "failed"> {
  const about = { outbox: { id: m.id, key: m.key, channel: m.channel, attempt: m.attempts } };
  try {
    const p = m.payload;
    if (m.channel === "sms") {
      if (!("body" in p)) throw new Error("an SMS without a body");
      await deps.sms.send(m.recipient, p.body, m.key);
    } else {
      if (!("subject" in p)) throw new Error("an email without a subject");
      await deps.email.send({ to: m.recipient, subject: p.subject, text: p.text, html: p.html, id: m.key });
    }
  } catch (err) {
    const reason = reasonOf(err);
    const now = deps.now();
    if (m.attempts >= MAX_ATTEMPTS || (err instanceof SmsError && err.permanent)) {
      await deps.db
        .update(outbox)
        .set({ status: "failed", lastError: reason, ...(m.secret ? { payload: redacted(m.payload) } : {}) })
        .where(and(eq(outbox.id, m.id), eq(outbox.status, "pending")));
      deps.log.error({ ...about, reason }, "outbox: message not delivered, given up");
      return "failed";
    }
    const next = new Date(now.getTime() + retryDelayMs(m.attempts));
    await deps.db
      .update(outbox)
      .set({ dueAt: next, lastError: reason })
      .where(and(eq(outbox.id, m.id), eq(outbox.status, "pending")));
    deps.log.warn(
      { ...about, reason, retryAt: next.toISOString() },
      "outbox: message not delivered, will retry",
    );
    return "retrying";
  }
  await deps.db
    .update(outbox)
    .set({
      status: "sent",
      sentAt: deps.now(),
      lastError: null,
      ...(m.secret ? { payload: redacted(m.payload) } : {}),
    })
    .where(and(eq(outbox.id, m.id), eq(outbox.status, "pending")));
  return "sent";
}

/**
 * One round: claims up to a batch of due messages and sends them (a few at a time). Returns what
 * happened; `claimed` equal to the batch size means more may be waiting.
 */
export async function deliverDueMessages(
  deps: DeliveryDeps,
  opts: DeliveryOptions = {},
): Promise<DeliveryRound> {
  const claimed = await claimDue(deps.db, deps.now(), opts);
  const round: DeliveryRound = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const m = claimed[next++]!;
      try {
        round[await deliverOne(deps, m)] += 1;
      } catch (err) {
        // The database failed while recording the outcome: the lease runs out and it is retried.
        deps.log.error({ err, outbox: { id: m.id, key: m.key } }, "outbox: delivery could not be recorded");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, claimed.length) }, worker));
  return round;
}

const rounds = workRounds<DeliveryDeps>("outbox", DEFAULT_LEASE_MS, async (deps, leaseMs) => {
  let round: DeliveryRound;
  do {
    round = await deliverDueMessages(deps, { leaseMs });
  } while (round.claimed === DELIVERY_BATCH);
});

/** The lease this process's deliveries use (the worker's setting; tests shorten it). */
export function setOutboxLease(db: Db, leaseMs: number): void {
  rounds.setLease(db, leaseMs);
}

/**
 * Delivers what is due now, in the background, without failing the caller: call it after a
 * commit that wrote messages. Rounds never overlap within one process; a nudge during a round
 * makes it go round once more. Returns the round's promise (tests may await it).
 */
export function nudgeOutbox(deps: DeliveryDeps): Promise<void> {
  return rounds.nudge(deps);
}

/**
 * Writes one message and delivers it before returning (a one-time code someone is waiting for).
 * The row is written already claimed by this call, so no other delivery round sends it meanwhile;
 * not delivered now, it stays for the worker's retries. Never throws for a failed send.
 */
export async function sendNow(deps: DeliveryDeps, message: NewMessage): Promise<void> {
  const now = deps.now();
  const [row] = await deps.db
    .insert(outbox)
    .values({
      ...rowFor(message, now),
      attempts: 1,
      dueAt: leaseUntil(now, rounds.leaseMs(deps.db)),
    })
    .onConflictDoNothing({ target: outbox.key })
    .returning();
  if (!row) return;
  try {
    await deliverOne(deps, row);
  } catch (err) {
    deps.log.error({ err, outbox: { id: row.id, key: row.key } }, "outbox: delivery could not be recorded");
  }
}

import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sandboxPayments } from "../../db/schema";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "./provider";

export type SandboxOutcome = "pay" | "fail" | "cancel";

/** Where the sandbox's hosted payment page lives on our own server. */
export const SANDBOX_PATH = "/sandbox-gateway";

/**
 * The built-in gateway: its "payment page" is served by this server (Pay / Fail / Cancel), its
 * books are the `sandbox_payments` table, and its verify call reads them — as a real gateway's
 * validation API would — never the callback's own words. The whole buying flow runs with no
 * account anywhere; nothing real is charged.
 */
export function createSandboxGateway(db: Db, log: Logger): PaymentProvider & SandboxBooks {
  return {
    name: "sandbox",
    async start(init) {
      await db.insert(sandboxPayments).values({
        tranx: init.tranx,
        amount: init.amount,
        currency: init.currency,
        description: `Order ${init.orderNumber}: ${init.productName}`,
        urls: init.urls,
      });
      const origin = new URL(init.urls.success).origin;
      return {
        redirectUrl: `${origin}${SANDBOX_PATH}/${encodeURIComponent(init.tranx)}`,
        gatewayRef: init.tranx,
      };
    },
    async verify({ params, gatewayRef }) {
      const tranx = gatewayRef ?? params.tranx ?? null;
      const row = tranx ? await findSandboxPayment(db, tranx) : undefined;
      if (!row) return { status: "failed", tranx, reason: "Unknown transaction", raw: params };
      if (row.status === "paid" && row.gatewayTxnId) {
        return {
          status: "paid",
          tranx: row.tranx,
          amount: row.amount,
          currency: row.currency,
          gatewayTxnId: row.gatewayTxnId,
          raw: { sandbox: row.status },
        };
      }
      // The sandbox's books are the gateway's own word.
      if (row.status === "failed")
        return {
          status: "failed",
          tranx: row.tranx,
          reason: "Payment failed",
          confirmedByGateway: true,
          raw: {},
        };
      if (row.status === "cancelled")
        return {
          status: "cancelled",
          tranx: row.tranx,
          reason: "Payment cancelled",
          confirmedByGateway: true,
          raw: {},
        };
      return { status: "pending", tranx: row.tranx, reason: "Not paid yet", raw: {} };
    },
    // Its refund call gives back at most what is left of a paid payment, at once; its books keep
    // the sum, so the refund status call has nothing further to wait for.
    async refund(r) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ refunded: sql`${sandboxPayments.refunded} + ${r.amount}` })
        .where(
          and(
            eq(sandboxPayments.tranx, r.payment.tranx),
            eq(sandboxPayments.status, "paid"),
            sql`${sandboxPayments.refunded} + ${r.amount} <= ${sandboxPayments.amount}`,
          ),
        )
        .returning();
      if (!row) {
        return {
          status: "failed",
          gatewayRefundId: null,
          reason: "The sandbox refused the refund: more than what is left of the payment",
          raw: {},
        };
      }
      const gatewayRefundId = `SBXR${randomBytes(6).toString("hex").toUpperCase()}`;
      log.info({ sandbox: { tranx: row.tranx, refunded: row.refunded, gatewayRefundId } }, "sandbox refund");
      return { status: "refunded", gatewayRefundId, reason: "Refunded by the sandbox", raw: {} };
    },
    async refundStatus(r) {
      return r.gatewayRefundId
        ? {
            status: "refunded",
            gatewayRefundId: r.gatewayRefundId,
            reason: "Refunded by the sandbox",
            raw: {},
          }
        : { status: "failed", gatewayRefundId: null, reason: "The sandbox has no such refund", raw: {} };
    },
    find: (tranx) => findSandboxPayment(db, tranx),
    async decide(tranx, outcome) {
      const status = outcome === "pay" ? "paid" : outcome === "fail" ? "failed" : "cancelled";
      // Decided once: a second press (or a replayed form) leaves the first decision standing.
      await db
        .update(sandboxPayments)
        .set({
          status,
          gatewayTxnId: outcome === "pay" ? `SBX${randomBytes(6).toString("hex").toUpperCase()}` : null,
          decidedAt: new Date(),
        })
        .where(and(eq(sandboxPayments.tranx, tranx), eq(sandboxPayments.status, "open")));
      const row = await findSandboxPayment(db, tranx);
      if (row) log.info({ sandbox: { tranx, status: row.status } }, "sandbox payment decided");
      return row;
    },
  };
}

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

/** The sandbox gateway's own side: its hosted page reads and decides payments. */
export type SandboxBooks = {
  find(tranx: string): Promise<SandboxPayment | undefined>;
  decide(tranx: string, outcome: SandboxOutcome): Promise<SandboxPayment | undefined>;
};

async function findSandboxPayment(db: Db, tranx: string) {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.tranx, tranx)).limit(1);
  return row;
}

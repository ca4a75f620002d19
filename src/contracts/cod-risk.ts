/**
 * The cash-on-delivery risk check (decision 68): a phone's delivery history (the shop's own
 * parcels to it, and a courier's lookup where one is connected), the rule staff set
 * (`/admin/orders/cod-risk`), and what it means for an order and its buyer. Imported by the shop's
 * checkout, the back office and the server.
 */
import { versionField } from "./admin";
import { fillMessage, MESSAGE_TEMPLATES } from "./message-values";
import { z } from "./zod";

/**
 * What a risky cash-on-delivery order does: `pay_online`, cash on delivery is not offered to that
 * phone (the buyer pays online first); `call`, the order is placed and held until staff reach the
 * buyer by phone (the COD phone check) before it is packed.
 */
export const COD_RISK_ACTIONS = ["call", "pay_online"] as const;
export type CodRiskAction = (typeof COD_RISK_ACTIONS)[number];

export const COD_RISK_ACTION_WORDS: Record<CodRiskAction, string> = {
  call: /*i18n*/ "Hold the order for a phone call before packing",
  pay_online: /*i18n*/ "Ask the buyer to pay online instead of cash on delivery",
};

/** `none`: no history anywhere (a first-time buyer: never flagged); `ok`: history within the rule. */
export const COD_RISK_LEVELS = ["none", "ok", "risky"] as const;
export type CodRiskLevel = (typeof COD_RISK_LEVELS)[number];

export const COD_RISK_LEVEL_WORDS: Record<CodRiskLevel, string> = {
  none: /*i18n*/ "No delivery history",
  ok: /*i18n*/ "Good delivery history",
  risky: /*i18n*/ "Risky: parcels came back",
};

/** One source's count of a phone's parcels: the shop's own orders, or a courier's lookup. */
export type DeliveryHistory = {
  /** `shop`, or the courier's name (`steadfast`). */
  source: string;
  delivered: number;
  /** Parcels that came back, refused or undeliverable. */
  returned: number;
  /** Of those, refused at the door (the shop knows; a courier's lookup may not say: 0). */
  refused: number;
};

/** `PUT /api/admin/cod-risk-rule`: the rule, with the `version` the edit started from. */
export const codRiskRuleSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  minDeliveredPercent: z
    .number({ error: "The delivered share must be a number" })
    .int({ error: "The delivered share is a whole percentage" })
    .min(0, { error: "The delivered share is between 0 and 100" })
    .max(100, { error: "The delivered share is between 0 and 100" })
    .meta({ description: "Risky when fewer than this percentage of the phone's parcels were delivered" }),
  maxReturns: z
    .number({ error: "The number of parcels back must be a number" })
    .int({ error: "The number of parcels back is a whole number" })
    .min(1, { error: "The number of parcels back is between 1 and 100" })
    .max(100, { error: "The number of parcels back is between 1 and 100" })
    .meta({
      description: "Risky when this many of the phone's parcels came back (refused or undeliverable)",
    }),
  action: z.enum(COD_RISK_ACTIONS, { error: `action must be one of ${COD_RISK_ACTIONS.join(", ")}` }),
  version: versionField,
});
export type CodRiskRuleInput = z.input<typeof codRiskRuleSchema>;
export type CodRiskRule = Omit<z.output<typeof codRiskRuleSchema>, "version">;

/** The rule before staff set one: under 50% delivered, or 2 parcels back, holds the order for a call. */
export const DEFAULT_COD_RISK_RULE: CodRiskRule = {
  enabled: true,
  minDeliveredPercent: 50,
  maxReturns: 2,
  action: "call",
};

/** What the check found for a phone: the totals over its sources, and the verdict. */
export type CodRiskAssessment = {
  level: CodRiskLevel;
  delivered: number;
  returned: number;
  refused: number;
  /** delivered ÷ (delivered + returned), whole percent rounded down; null without history. */
  deliveredPercent: number | null;
  /** The sources that answered (the shop's own always). */
  sources: string[];
};

/**
 * The rule, applied to a phone's histories: no parcel anywhere is `none` (a first-time buyer is
 * never flagged); otherwise `risky` when the rule is on and the delivered share is under its
 * minimum or the parcels back reach its maximum, else `ok`.
 */
export function assessCodRisk(histories: readonly DeliveryHistory[], rule: CodRiskRule): CodRiskAssessment {
  const sum = (k: "delivered" | "returned" | "refused") =>
    histories.reduce((s, h) => s + Math.max(0, Math.floor(h[k])), 0);
  const delivered = sum("delivered");
  const returned = sum("returned");
  const refused = Math.min(sum("refused"), returned);
  const parcels = delivered + returned;
  const sources = histories.map((h) => h.source);
  if (parcels === 0) {
    return { level: "none", delivered: 0, returned: 0, refused: 0, deliveredPercent: null, sources };
  }
  const deliveredPercent = Math.floor((delivered * 100) / parcels);
  const risky = rule.enabled && (deliveredPercent < rule.minDeliveredPercent || returned >= rule.maxReturns);
  return { level: risky ? "risky" : "ok", delivered, returned, refused, deliveredPercent, sources };
}

/** What the buyer reads at checkout for a risky phone, in plain words (filled, then shown translated). */
export function codRiskBuyerWords(action: CodRiskAction, phone: string): string {
  return fillMessage(action === "call" ? MESSAGE_TEMPLATES.codRiskCall : MESSAGE_TEMPLATES.codRiskPayOnline, {
    phone,
  });
}

/** Why a risky cash-on-delivery order is not packed yet. */
export const COD_RISK_HELD =
  "is held for a phone call: earlier parcels to its phone came back. Mark “Phone confirmed” once the buyer has answered";

/** `GET`/`PUT /api/admin/cod-risk-rule`: the rule in force, who set it last and the lookup connected. */
export const codRiskRuleAnswerSchema = z
  .object({
    enabled: z.boolean(),
    minDeliveredPercent: z
      .int()
      .meta({ description: "Risky under this share of parcels delivered, percent" }),
    maxReturns: z.int().meta({ description: "Risky at this many parcels back" }),
    action: z.enum(COD_RISK_ACTIONS),
    version: z.int().meta({ description: "Send it back with a change" }),
    updatedAt: z.string().nullable().meta({ description: "ISO 8601; null: the default, never saved" }),
    updatedBy: z.string().nullable(),
    lookup: z
      .string()
      .meta({ description: "The courier lookup added to the shop's own history: none, steadfast" }),
  })
  .meta({ id: "CodRiskRule" });
export type CodRiskRuleView = z.infer<typeof codRiskRuleAnswerSchema>;

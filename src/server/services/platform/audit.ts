import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { Ctx } from "../context";

/** Writes one audit entry for a staff change; call it inside the change's transaction. */
export async function recordAudit(
  ctx: Pick<Ctx, "user">,
  db: Db,
  entry: { action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: ctx.user?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

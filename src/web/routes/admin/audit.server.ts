import type { RouterContextProvider } from "react-router";
import { auditQuery } from "../../../contracts/admin-audit";
import { fieldErrors } from "../../../contracts/zod";
import { auditActors, listAudit } from "../../../server/services/platform/audit";
import { getApp, loadFrom } from "../../lib/app-context.server";

/**
 * The audit log page: the same service as `GET /api/admin/audit`, with the filters from the URL,
 * and the staff accounts its filter offers. A filter the schema refuses (a hand-edited URL) is said
 * above an empty list, not an error page.
 */
export function loadAudit(context: Readonly<RouterContextProvider>, request: Request) {
  const { ctx } = getApp(context);
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([, v]) => v.trim() !== ""),
  );
  return loadFrom(async () => {
    const actors = await auditActors(ctx);
    const parsed = auditQuery.safeParse(params);
    if (!parsed.success) {
      const [field, message] = Object.entries(fieldErrors(parsed.error))[0] ?? ["", "invalid"];
      return { actors, params, page: { items: [], next: null }, error: `${field}: ${message}` };
    }
    return { actors, params, page: await listAudit(ctx, parsed.data), error: null };
  });
}

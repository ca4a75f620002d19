import type { RouterContextProvider } from "react-router";
import type { AdminPage } from "../../contracts/admin";
import { fieldErrors, type z } from "../../contracts/zod";
import type { Ctx } from "../../server/services/context";
import { getApp, loadFrom } from "./app-context.server";

/**
 * An admin list page's loader: reads the view from the URL with the list's query schema and asks
 * the same service the API's list endpoint uses. A view the schema refuses (a hand-edited URL)
 * is an error state of the table, not an error page.
 */
export async function loadAdminList<S extends z.ZodType, T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  schema: S,
  list: (ctx: Ctx, query: z.output<S>) => Promise<AdminPage<T>>,
): Promise<{ page: AdminPage<T>; query: z.output<S> | null; error?: string }> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const [field, message] = Object.entries(fieldErrors(parsed.error))[0] ?? ["", "invalid"];
    return { page: { items: [], total: 0, page: 1, limit: 20 }, query: null, error: `${field}: ${message}` };
  }
  const page = await loadFrom(() => list(getApp(context).ctx, parsed.data));
  return { page, query: parsed.data };
}

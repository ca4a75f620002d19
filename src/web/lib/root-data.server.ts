import type { OwnedItem } from "../../contracts/library";
import { listOwnedItems } from "../../server/services/entitlements";
import type { AppContextValue } from "./app-context.server";

/** The signed-in caller's e-books and courses for the root loader; none when signed out. */
export function loadOwnedItems(app: AppContextValue): Promise<OwnedItem[]> {
  const { ctx } = app;
  return ctx.user ? listOwnedItems(ctx, ctx.user.id) : Promise.resolve([]);
}

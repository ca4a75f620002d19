import type { RouterContextProvider } from "react-router";
import type { SavedAddress } from "../../../contracts/addresses";
import { listAddresses } from "../../../server/services/cart/addresses";
import { getApp } from "../../lib/app-context.server";

/** The signed-in customer's address book (none for a visitor). */
export async function loadAddresses(context: Readonly<RouterContextProvider>): Promise<SavedAddress[]> {
  const { ctx } = getApp(context);
  return ctx.user ? listAddresses(ctx) : [];
}

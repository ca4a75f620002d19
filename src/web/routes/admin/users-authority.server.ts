import type { RouterContextProvider } from "react-router";
import { normalisePhone } from "../../../contracts/phone";
import { findAccountForAuthority, listStaff } from "../../../server/services/accounts/authority";
import { getApp, loadFrom } from "../../lib/app-context.server";

export function loadAuthority(context: Readonly<RouterContextProvider>, phoneQuery: string | null) {
  const { ctx } = getApp(context);
  return loadFrom(async () => {
    const staff = await listStaff(ctx);
    const phone = phoneQuery ? normalisePhone(phoneQuery) : null;
    const found = phone ? await findAccountForAuthority(ctx, phone) : null;
    return {
      staff,
      me: ctx.user!.id,
      query: phoneQuery ?? "",
      found,
      queryValid: !phoneQuery || phone !== null,
    };
  });
}

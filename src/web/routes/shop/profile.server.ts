import type { RouterContextProvider } from "react-router";
import {
  CART_REMINDERS_OFF,
  CART_REMINDERS_ON,
  cartReminderFormSchema,
} from "../../../contracts/cart-reminders";
import { findCartReminders, setCartReminders } from "../../../server/services/cart/cart-reminders";
import { attempt, readForm, redirectWithFlash, refusedPage } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";

type Context = Readonly<RouterContextProvider>;

/** Whether the signed-in user gets the forgotten-cart SMS (the profile's setting). */
export function loadCartReminders(context: Context): Promise<boolean> {
  return findCartReminders(getApp(context).ctx);
}

/**
 * The profile's forgotten-cart SMS button (HTML first, decision 53): the same service as
 * `PUT /api/cart/reminder`, then back to the profile with what changed. A bad value is a 400 on
 * the page, and nothing changes.
 */
export async function cartReminderAction(context: Context, request: Request) {
  const app = getApp(context);
  const fields = await readForm(request);
  const set = await attempt(() => setCartReminders(app.ctx, cartReminderFormSchema.parse(fields)), fields);
  if (!set.ok) return refusedPage(set);
  return redirectWithFlash(app, "/profile#texts", {
    title: set.value.on ? CART_REMINDERS_ON : CART_REMINDERS_OFF,
  });
}

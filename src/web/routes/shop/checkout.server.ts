import { createContext, type RouterContextProvider } from "react-router";
import { NO_SUCH_ADDRESS, type SavedAddress } from "../../../contracts/addresses";
import { type CartInfo, cartInfoQuerySchema, toCartInfo } from "../../../contracts/cart";
import { isDigitalKind } from "../../../contracts/catalog";
import { CHECKOUT_FIELDS, type CheckoutNotice } from "../../../contracts/checkout-form";
import { type CodRiskAction, codRiskBuyerWords } from "../../../contracts/cod-risk";
import { findDistrict } from "../../../contracts/districts";
import { addressToPrefill } from "../../../server/services/cart/addresses";
import { getCartInfo } from "../../../server/services/cart/cart";
import { placeOrder } from "../../../server/services/cart/checkout";
import { DomainError } from "../../../server/services/errors";
import { myCreditBalance } from "../../../server/services/money/store-credit";
import { assessPhone } from "../../../server/services/orders/cod-risk";
import { attempt, readForm, redirectWithFlash, refusedPage, toGateway } from "../../lib/actions.server";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { loadAddresses } from "./addresses.server";
import { UNKNOWN_INTENT } from "./cart.server";

/**
 * The district the form shows after a post to the action (a district priced, a saved address
 * filled in, a refusal with what was typed), handed to the loader that runs after it in the same
 * request: the cart is priced for it rather than for the address book's.
 */
const formDistrict = createContext<string | null>(null);

/**
 * The cart to check out and the form's first values: the buyer's name and phone, the address book,
 * and the address to fill in (the last used, else the default). A cart with printed items is
 * priced for the district that address is in (or the one the form shows after a post), so the
 * page shows the total it will charge before any script runs.
 */
export async function loadCheckout(context: Readonly<RouterContextProvider>): Promise<{
  cart: CartInfo;
  buyer: { name: string; phone: string };
  addresses: SavedAddress[];
  prefill: SavedAddress | null;
  onlineWays: OnlineWays;
  codRisk: { action: CodRiskAction; words: string } | null;
  /** The buyer's store credit, to spend on the order when they tick it (decision 71). */
  storeCredit: number;
}> {
  const { ctx } = getApp(context);
  const user = ctx.user;
  const [view, addresses, storeCredit] = await Promise.all([
    loadFrom(() => getCartInfo(ctx)),
    loadAddresses(context),
    myCreditBalance(ctx),
  ]);
  const prefill = addressToPrefill(addresses);
  const physical = view.lines.some((l) => !isDigitalKind(l.kind));
  const shown = context.get(formDistrict) ?? (prefill ? findDistrict(prefill.district)?.name : undefined);
  const cart =
    physical && shown && shown !== view.district
      ? await loadFrom(() => getCartInfo(ctx, { district: shown }))
      : view;
  // The phone the form fills in: what cash on delivery to it means, said before the order (decision 68).
  const phone = prefill?.phone ?? user?.phone;
  const risk = physical && phone ? await assessPhone(ctx, phone) : null;
  return {
    cart: toCartInfo(cart),
    buyer: { name: user?.name ?? "", phone: user?.phone ?? "" },
    addresses,
    prefill,
    onlineWays: ctx.config.PAYMENT_PROVIDER === "bkash" ? "bkash" : "all",
    storeCredit,
    codRisk:
      risk?.level === "risky" && phone
        ? { action: risk.action, words: codRiskBuyerWords(risk.action, phone) }
        : null,
  };
}

/**
 * What "Online payment" names: bKash alone when the gateway is bKash's own checkout; otherwise
 * bKash, Nagad, Rocket and cards, which the hosted gateway (SSLCommerz, the sandbox) offers.
 */
export type OnlineWays = "bkash" | "all";

export const ORDER_PLACED = /*i18n*/ "Your order is placed";
export const FOLLOW_IN_ORDERS = /*i18n*/ "Follow it in My orders.";
export const MY_ORDERS = /*i18n*/ "My orders";
export const DELIVERY_REPRICED =
  /*i18n*/ "Delivery is now priced for the district you chose. Check the total, then place your order.";
export const SAVED_ADDRESS_USED =
  /*i18n*/ "The saved address is filled in and delivery priced for it. Check it, then place your order.";
export const PAYMENT_NOT_OPENED = /*i18n*/ "Your order is placed, but not paid yet";

/**
 * The checkout form posted without JavaScript (HTML first): the order placed through the same
 * service as `POST /api/checkout`, with the page's cart key (contracts/cart-key.ts), so a double
 * tap or a second tab places one order and a cart changed meanwhile is refused with nothing
 * charged. Online payment goes on to the gateway's page, as the API's answer sends the page there;
 * an order confirmed at once (cash on delivery, nothing to pay) to its confirmation, saying so.
 * Refused, the page again with each field's message and what was typed.
 *
 * Two more forms before the order, each answered with the page and what was typed: `intent=district`
 * prices delivery for the district chosen, `intent=saved` fills in a saved address. A district or
 * saved address changed without its button is done first, so no order goes to an address, or is
 * charged a total, the page did not show.
 */
export async function checkoutAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const { ctx } = app;
  const f = await readForm(request);
  const values: Record<string, string> = {};
  for (const k of CHECKOUT_FIELDS) if (f[k] !== undefined) values[k] = f[k];
  const typed = f.district === undefined ? undefined : findDistrict(f.district)?.name;
  if (typed) context.set(formDistrict, typed);
  const shown = (notice: string, kept = values): CheckoutNotice => ({ ok: true, notice, values: kept });

  // A saved address chosen without its button (the page filled in another, `savedShown`) is
  // filled in first, as its button would: the order goes to the address the form shows.
  const otherSaved = !!f.saved && f.savedShown !== undefined && f.saved !== f.savedShown;
  if (f.intent === "saved" || (otherSaved && f.intent !== "district")) {
    const r = await attempt(async () => {
      const id = Number(f.saved);
      const a = (await loadAddresses(context)).find((x) => x.id === id);
      if (!a) throw new DomainError("not_found", NO_SUCH_ADDRESS);
      await getCartInfo(ctx, { district: a.district });
      return a;
    }, values);
    if (!r.ok) return refusedPage(r);
    const { name, phone, district, area, address } = r.value;
    context.set(formDistrict, district);
    return shown(SAVED_ADDRESS_USED, {
      ...values,
      name,
      phone,
      district,
      area,
      address,
      saved: f.saved ?? "",
    });
  }

  // The district the order would go to, when it is not the one the page priced (`pricedFor`).
  const chosen = f.district === undefined ? undefined : findDistrict(f.district)?.name;
  const repriced =
    chosen !== undefined && f.pricedFor !== undefined && chosen !== findDistrict(f.pricedFor)?.name;
  if (f.intent === "district" || repriced) {
    const r = await attempt(async () => {
      const { district } = cartInfoQuerySchema.parse({ district: f.district });
      await getCartInfo(ctx, { district });
    }, values);
    if (!r.ok) return refusedPage({ ...r, errors: { district: r.errors.district ?? r.message } });
    return shown(DELIVERY_REPRICED);
  }

  if (f.intent !== undefined && f.intent !== "place") {
    return refusedPage({ ok: false, status: 400, message: UNKNOWN_INTENT, errors: {}, values });
  }
  const input = { ...values, cartKey: f.cartKey || undefined };
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  try {
    const r = await attempt(() => placeOrder(ctx, input, { origin: app.origin }), values);
    if (!r.ok) return refusedPage(r);
    placed = r.value;
  } catch (err) {
    // Placed, but the gateway did not open the payment: the order waits in My orders, to pay again.
    if (err instanceof DomainError && err.kind === "unavailable") {
      return redirectWithFlash(app, "/orders", {
        title: PAYMENT_NOT_OPENED,
        description: err.message,
        variant: "destructive",
      });
    }
    throw err;
  }
  if (placed.redirectUrl) return toGateway(app, placed.redirectUrl);
  return redirectWithFlash(app, `/payment/${encodeURIComponent(placed.tranx)}/success`, {
    title: ORDER_PLACED,
    description: FOLLOW_IN_ORDERS,
    link: { href: "/orders", label: MY_ORDERS },
  });
}

import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { SavedAddress } from "../../../contracts/addresses";
import type {
  PhoneCustomer,
  PhoneOrderPlaced,
  PhoneProduct,
  PhoneQuote,
} from "../../../contracts/answers/staff-phone-orders";
import { isDigitalKind } from "../../../contracts/catalog";
import type { PaymentMethod } from "../../../contracts/checkout";
import { districtLabel, districtOptions } from "../../../contracts/districts";
import { PriceLines } from "../../components/admin/price-lines";
import { SearchPicker } from "../../components/admin/search-picker";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { SelectField, TextField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/order-new";
import { loadNewOrder } from "./order-new.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Take a phone order") },
];

export function loader({ context }: Route.LoaderArgs) {
  return loadNewOrder(context);
}

const KIND_WORD = {
  book: /*i18n*/ "Book",
  ebook: /*i18n*/ "E-book",
  bundle: /*i18n*/ "Bundle",
  stationary: /*i18n*/ "Stationery",
  content: /*i18n*/ "Course",
};

type Line = { productId: number; title: string; kind: PhoneProduct["kind"]; quantity: number };

/**
 * A clerk takes an order on the phone: the customer by phone (found, or new), products, the
 * address, a coupon and how the buyer pays. The totals are priced by the checkout's own pricing
 * as things change, and the order is placed with the key of the totals shown, so the buyer is
 * charged exactly what the clerk read out.
 */
export default function NewPhoneOrderPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { taka, number, locale } = useFormat();
  const navigate = useNavigate();
  const [placeKey] = useState(loaderData.placeKey);
  const [phone, setPhone] = useState("");
  const [found, setFound] = useState<PhoneCustomer | null>(null);
  const [looking, setLooking] = useState(false);
  const [name, setName] = useState("");
  const [district, setDistrict] = useState("");
  const [area, setArea] = useState("");
  const [address, setAddress] = useState("");
  const [note, setNote] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [couponInput, setCouponInput] = useState("");
  const [coupon, setCoupon] = useState("");
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("cod");
  const [quote, setQuote] = useState<PhoneQuote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(0);
  /** The products the search showed, by id: their kind decides whether a quantity is asked. */
  const seen = useRef(new Map<number, PhoneProduct>());

  const customer = found?.customer ?? null;
  const digital = lines.some((l) => isDigitalKind(l.kind));

  // The totals, priced again whenever what prices them changes; the newest answer wins.
  useEffect(() => {
    const call = ++latest.current;
    if (lines.length === 0) {
      setQuote(null);
      return;
    }
    setQuoting(true);
    const timer = setTimeout(async () => {
      try {
        const answer = await api<PhoneQuote>("POST", "/api/admin/phone-orders/quote", {
          phone: found ? phone : undefined,
          lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          district: district || undefined,
          couponCode: coupon || undefined,
        });
        if (call === latest.current) setQuote(answer.data ?? null);
      } catch (err) {
        if (call === latest.current) {
          setQuote(null);
          toast({ variant: "destructive", title: err instanceof ApiError ? err.message : String(err) });
        }
      } finally {
        if (call === latest.current) setQuoting(false);
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [lines, district, coupon, found, phone]);

  async function findCustomer() {
    setLooking(true);
    setErrors({});
    try {
      const answer = await api<PhoneCustomer>(
        "GET",
        `/api/admin/phone-orders/customer?${new URLSearchParams({ phone })}`,
      );
      const result = answer.data ?? { customer: null, addresses: [] };
      setFound(result);
      if (result.customer) setPhone(result.customer.phone);
      const last = result.addresses[0];
      if (last) fillAddress(last);
      else if (result.customer) setName(result.customer.name);
    } catch (err) {
      setFound(null);
      setErrors(err instanceof ApiError ? { phone: err.errors?.phone ?? err.message } : {});
    } finally {
      setLooking(false);
    }
  }

  function fillAddress(a: SavedAddress) {
    setName(a.name);
    setDistrict(a.district);
    setArea(a.area);
    setAddress(a.address);
  }

  async function placeOrder() {
    if (!quote) return;
    setPlacing(true);
    setErrors({});
    try {
      const answer = await api<PhoneOrderPlaced>("POST", "/api/admin/phone-orders", {
        name,
        phone,
        district: district || undefined,
        area: area || undefined,
        address: address || undefined,
        note: note || undefined,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        couponCode: coupon || undefined,
        paymentMethod,
        cartKey: quote.cartKey,
        placeKey,
      });
      const placed = answer.data!;
      toast({
        title: i18n._("Order {number} placed", { number: placed.orderNumber }),
        description: placed.paymentLink
          ? i18n._("The payment link is on its way to {phone} by SMS.", { phone })
          : undefined,
      });
      navigate(`/admin/orders/${placed.orderId}`);
    } catch (err) {
      setPlacing(false);
      if (err instanceof ApiError) {
        setErrors(err.errors ?? {});
        toast({
          variant: "destructive",
          title: i18n._("The order was not placed"),
          description: err.message,
        });
        // The totals moved (stock, a price, the coupon): show them as they are now.
        if (err.statusCode === 409) setLines((ls) => [...ls]);
      } else {
        toast({ variant: "destructive", title: i18n._("Something went wrong. Please try again.") });
      }
    }
  }

  const setQuantity = (productId: number, quantity: number) =>
    setLines((ls) => ls.map((l) => (l.productId === productId ? { ...l, quantity } : l)));
  const quoted = (productId: number) => quote?.lines.find((l) => l.productId === productId);
  const ready =
    quote !== null && !quoting && quote.problems.length === 0 && name.trim() !== "" && found !== null;

  return (
    <div className="max-w-5xl">
      <PageHeading title={i18n._("Take a phone order")}>
        <p>
          {i18n._(
            "Find the customer by phone, add what they ask for, and read them the total before you place the order. It is placed as the shop's checkout places it: the same prices, stock, delivery and coupon rules.",
          )}
        </p>
      </PageHeading>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="customer-heading" className="space-y-3">
            <h2 id="customer-heading" className="text-lg font-semibold text-slate-900">
              {i18n._("Customer")}
            </h2>
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void findCustomer();
              }}
            >
              <TextField
                className="min-w-0 flex-1"
                label={i18n._("Phone number")}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={phone}
                error={errors.phone ? i18n._(errors.phone) : undefined}
                onChange={(e) => {
                  setPhone(e.target.value);
                  setFound(null);
                }}
              />
              <Button type="submit" variant="secondary" loading={looking}>
                {i18n._("Find")}
              </Button>
            </form>
            {found ? (
              <div role="status" className="rounded-md border border-slate-200 bg-white p-3 text-sm">
                {customer ? (
                  <p>
                    <span className="font-semibold">{customer.name}</span> ·{" "}
                    {i18n._("{count} orders before", { count: number(customer.orders) })}
                    {customer.blocked ? (
                      <span className="ml-2 font-semibold text-red-700">
                        {i18n._("Blocked: cannot order")}
                      </span>
                    ) : null}
                  </p>
                ) : (
                  <p>
                    {i18n._(
                      "New customer: placing the order makes their account. They can sign in later with a code sent to this phone.",
                    )}
                  </p>
                )}
                {found.addresses.length > 0 ? (
                  <ul className="mt-2 space-y-1">
                    {found.addresses.map((a) => (
                      <li key={a.id} className="flex items-center justify-between gap-2">
                        <span className="min-w-0 break-words text-slate-700">
                          {[a.address, a.area, districtLabel(a.district, locale)].join(", ")}
                        </span>
                        <Button variant="ghost" onClick={() => fillAddress(a)}>
                          {i18n._("Use")}
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
            <TextField
              label={i18n._("Name")}
              value={name}
              autoComplete="off"
              error={errors.name ? i18n._(errors.name) : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </section>

          <section aria-labelledby="products-heading" className="space-y-3">
            <h2 id="products-heading" className="text-lg font-semibold text-slate-900">
              {i18n._("Products")}
            </h2>
            <SearchPicker<PhoneProduct>
              label={i18n._("Add products")}
              hint={i18n._("Title, author or ISBN")}
              error={errors.lines ? i18n._(errors.lines) : undefined}
              picked={[]}
              onChange={(added) =>
                setLines((ls) => [
                  ...ls,
                  ...added
                    .filter((p) => !ls.some((l) => l.productId === p.id))
                    .map((p) => ({
                      productId: p.id,
                      title: p.label,
                      kind: seen.current.get(p.id)?.kind ?? "book",
                      quantity: 1,
                    })),
                ])
              }
              search={(q) => `/api/admin/phone-orders/products?${new URLSearchParams({ q })}`}
              toPicked={(p) => {
                seen.current.set(p.id, p);
                return {
                  id: p.id,
                  label: p.title,
                  detail: [
                    i18n._(KIND_WORD[p.kind]),
                    taka(p.unitPrice),
                    isDigitalKind(p.kind)
                      ? ""
                      : p.available === 0
                        ? i18n._("out of stock")
                        : i18n._("{count} in stock", { count: number(p.available ?? 0) }),
                  ]
                    .filter(Boolean)
                    .join(" · "),
                };
              }}
            />
            {lines.length > 0 ? (
              <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
                {lines.map((l) => {
                  const q = quoted(l.productId);
                  return (
                    <li key={l.productId} className="flex flex-wrap items-center gap-3 p-3">
                      {/* On a phone the title has the row to itself; the quantity and price go below it. */}
                      <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                        <p className="font-medium break-words text-slate-900">{l.title}</p>
                        {q ? (
                          <p className="text-xs text-slate-600">
                            {i18n._("{price} each", { price: taka(q.unitPrice) })}
                            {q.available !== null && !isDigitalKind(q.kind)
                              ? ` · ${i18n._("{count} in stock", { count: number(q.available) })}`
                              : ""}
                          </p>
                        ) : null}
                      </div>
                      {isDigitalKind(l.kind) ? null : (
                        <input
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={100}
                          value={l.quantity}
                          aria-label={i18n._("Quantity of {title}", { title: l.title })}
                          className="min-h-11 w-20 rounded-md border border-slate-300 px-2"
                          onChange={(e) => {
                            const n = Number(e.target.value);
                            if (Number.isInteger(n) && n >= 1 && n <= 100) setQuantity(l.productId, n);
                          }}
                        />
                      )}
                      <span className="ml-auto w-24 text-right tabular-nums">
                        {q ? taka(q.lineTotal) : ""}
                      </span>
                      <button
                        type="button"
                        className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-slate-100"
                        aria-label={i18n._("Remove {title}", { title: l.title })}
                        onClick={() => setLines((ls) => ls.filter((x) => x.productId !== l.productId))}
                      >
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>

          <section aria-labelledby="delivery-heading" className="space-y-3">
            <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
              {i18n._("Delivery")}
            </h2>
            <SelectField
              label={i18n._("District")}
              options={districtOptions(locale)}
              optionLabel={(d) => districtLabel(d, locale)}
              placeholder={i18n._("Choose a district")}
              value={district}
              error={errors.district ? i18n._(errors.district) : undefined}
              onChange={(e) => setDistrict(e.target.value)}
            />
            <TextField
              label={i18n._("Area")}
              value={area}
              autoComplete="off"
              error={errors.area ? i18n._(errors.area) : undefined}
              onChange={(e) => setArea(e.target.value)}
            />
            <TextField
              label={i18n._("Address")}
              value={address}
              autoComplete="off"
              error={errors.address ? i18n._(errors.address) : undefined}
              onChange={(e) => setAddress(e.target.value)}
            />
            <TextField
              label={i18n._("Note (optional)")}
              value={note}
              autoComplete="off"
              error={errors.note ? i18n._(errors.note) : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
          </section>

          <section aria-labelledby="payment-heading" className="space-y-3">
            <h2 id="payment-heading" className="text-lg font-semibold text-slate-900">
              {i18n._("Coupon and payment")}
            </h2>
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                setCoupon(couponInput.trim().toUpperCase());
              }}
            >
              <TextField
                className="min-w-0 flex-1"
                label={i18n._("Coupon code")}
                value={couponInput}
                autoCapitalize="characters"
                error={errors.couponCode ? i18n._(errors.couponCode) : undefined}
                onChange={(e) => setCouponInput(e.target.value)}
              />
              <Button type="submit" variant="secondary">
                {i18n._("Apply")}
              </Button>
            </form>
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-800">
                {i18n._("How the customer pays")}
              </legend>
              {(
                [
                  ["cod", /*i18n*/ "Cash on delivery"],
                  ["gateway", /*i18n*/ "Online: send a payment link by SMS"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={value}
                    checked={paymentMethod === value}
                    disabled={value === "cod" && digital}
                    onChange={() => setPaymentMethod(value)}
                  />
                  {i18n._(label)}
                </label>
              ))}
              {errors.paymentMethod ? (
                <p className="text-sm text-red-700">{i18n._(errors.paymentMethod)}</p>
              ) : null}
            </fieldset>
          </section>
        </div>

        <section
          aria-labelledby="totals-heading"
          aria-busy={quoting}
          className="h-fit rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-4"
        >
          <h2 id="totals-heading" className="mb-3 font-semibold text-slate-900">
            {i18n._("What the customer pays")}
          </h2>
          {quote ? (
            <>
              <PriceLines
                subtotalLabel={i18n._("Subtotal")}
                subtotal={quote.totalPrice}
                coupon={quote.coupon}
                discount={quote.discountedAmount}
                district={quote.district}
                delivery={quote.deliveryCharges}
                total={quote.netPrice}
                totalTestId="phone-order-total"
              />
              {quote.coupon && !quote.coupon.applied ? (
                <p role="status" className="mt-3 text-sm text-red-700">
                  {`${quote.coupon.code}: ${quote.coupon.message ? i18n._(quote.coupon.message) : ""}`}
                </p>
              ) : null}
              {quote.problems.length > 0 ? (
                <ul role="alert" className="mt-3 space-y-1 text-sm text-red-700">
                  {quote.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600">{i18n._("Add a product to see the totals.")}</p>
          )}
          {found === null ? (
            <p className="mt-3 text-sm text-slate-600">{i18n._("Find the customer by phone first.")}</p>
          ) : null}
          <Button
            className="mt-4 w-full"
            disabled={!ready}
            loading={placing}
            onClick={() => void placeOrder()}
          >
            {quote
              ? i18n._("Place order for {amount}", { amount: taka(quote.netPrice) })
              : i18n._("Place order")}
          </Button>
          <p className="mt-3 text-xs text-slate-600">
            <Link to="/admin/orders" className="underline">
              {i18n._("Back to orders")}
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}

import { Trans } from "@lingui/react";
import type { InvoiceSnapshot } from "../../../contracts/invoice";
import { bpToPercent } from "../../../contracts/vat";
import { useFormat, useLingui } from "../../i18n";
import { PAYMENT_METHOD_LABEL } from "./labels";

/** The shop's registered name, address, phone, trade licence and BIN, each when configured. */
export function ShopFields({ shop }: { shop: InvoiceSnapshot["shop"] }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-1 space-y-0.5 text-sm text-slate-700 print:text-black" data-testid="shop-fields">
      {shop.legalName && shop.legalName !== shop.name ? (
        <p className="font-semibold">{shop.legalName}</p>
      ) : null}
      {shop.address ? <p className="break-words">{shop.address}</p> : null}
      {shop.phone ? <p>{i18n._("Phone: {phone}", { phone: shop.phone })}</p> : null}
      {shop.tradeLicence ? <p>{i18n._("Trade licence: {number}", { number: shop.tradeLicence })}</p> : null}
      {shop.bin ? <p>{i18n._("BIN: {bin}", { bin: shop.bin })}</p> : null}
    </div>
  );
}

/**
 * A printed-page invoice from its immutable snapshot (money in poisha). On a phone the unit price
 * and discount fold into the item's cell; on paper every column shows. Black on white when printed.
 */
export function InvoiceDocument({
  snapshot: s,
  issuedText,
  placedText,
}: {
  snapshot: InvoiceSnapshot;
  issuedText: string;
  placedText: string;
}) {
  const { i18n } = useLingui();
  const { number, taka: formatTaka } = useFormat();
  const shopHost = s.shop.url ? new URL(s.shop.url).host : null;
  const cod = s.order.paymentMethod === "cod";
  const vat = s.vat;
  const vatWords = (l: InvoiceSnapshot["lines"][number]) =>
    l.vatRate
      ? i18n._("VAT {rate}%: {amount}", { rate: bpToPercent(l.vatRate), amount: formatTaka(l.vat ?? 0) })
      : i18n._("VAT exempt");
  const num = "px-2 py-2 text-right tabular-nums whitespace-nowrap";
  const wide = "hidden sm:table-cell print:table-cell";
  return (
    <article
      aria-labelledby="invoice-title"
      className="rounded-lg border border-slate-200 bg-white p-4 text-slate-900 sm:p-8 print:rounded-none print:border-0 print:p-0 print:text-[10.5pt] print:text-black"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4">
        <div>
          <p className="text-2xl font-bold tracking-tight text-brand-800 print:text-black">{s.shop.name}</p>
          {shopHost ? <p className="text-sm text-slate-700 print:text-black">{shopHost}</p> : null}
          <ShopFields shop={s.shop} />
        </div>
        <div className="text-left sm:text-right">
          <h1 id="invoice-title" className="text-2xl font-bold tracking-wide uppercase">
            {i18n._("Invoice")}
          </h1>
          {vat ? (
            <p className="text-sm font-semibold" data-testid="mushak">
              {i18n._("Tax invoice · Mushak-6.3")}
            </p>
          ) : null}
          <p className="font-semibold tabular-nums">{s.number}</p>
          <p className="text-sm text-slate-700 print:text-black">
            {i18n._("Issued {date}", { date: issuedText })}
          </p>
        </div>
      </header>

      <div className="grid grid-cols-1 gap-4 border-b border-slate-300 py-4 text-sm sm:grid-cols-3 print:grid-cols-3">
        <section aria-labelledby="bill-to">
          <h2
            id="bill-to"
            className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase print:text-black"
          >
            {i18n._("Bill to")}
          </h2>
          <p className="font-semibold">{s.buyer.name}</p>
          <p>{s.buyer.phone}</p>
          {s.buyer.email ? <p className="break-all">{s.buyer.email}</p> : null}
        </section>
        <section aria-labelledby="deliver-to">
          <h2
            id="deliver-to"
            className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase print:text-black"
          >
            {i18n._("Deliver to")}
          </h2>
          {s.deliverTo.address ? (
            <>
              <p className="break-words">{s.deliverTo.address}</p>
              <p>
                {s.deliverTo.area}, {s.deliverTo.district}
              </p>
            </>
          ) : (
            <p>{i18n._("Nothing to post: e-books and courses")}</p>
          )}
        </section>
        <section aria-labelledby="order-info">
          <h2
            id="order-info"
            className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase print:text-black"
          >
            {i18n._("Order")}
          </h2>
          <p className="font-semibold">#{s.order.number}</p>
          <p>
            <Trans
              id="Placed <0>{date}</0>"
              values={{ date: placedText }}
              components={{ 0: <span className="whitespace-nowrap" /> }}
            />
          </p>
          <p>{i18n._(PAYMENT_METHOD_LABEL[s.order.paymentMethod])}</p>
        </section>
      </div>

      <table className="mt-4 w-full border-collapse text-sm">
        <caption className="sr-only">{i18n._("Items on invoice {number}", { number: s.number })}</caption>
        <thead>
          <tr className="border-b border-slate-900 text-left">
            <th scope="col" className="py-2 pr-2 font-semibold">
              {i18n._("Item")}
            </th>
            <th scope="col" className={`${num} ${wide} font-semibold`}>
              {i18n._("Unit price")}
            </th>
            <th scope="col" className={`${num} font-semibold`}>
              {i18n._("Qty")}
            </th>
            <th scope="col" className={`${num} ${wide} font-semibold`}>
              {i18n._("Discount")}
            </th>
            {vat ? (
              <>
                <th scope="col" className={`${num} ${wide} font-semibold`}>
                  {i18n._("VAT rate")}
                </th>
                <th scope="col" className={`${num} ${wide} font-semibold`}>
                  {i18n._("VAT")}
                </th>
              </>
            ) : null}
            <th scope="col" className="py-2 pl-2 text-right font-semibold whitespace-nowrap">
              {vat ? i18n._("Line total incl. VAT") : i18n._("Line total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l) => (
            <tr key={l.productId} className="break-inside-avoid border-b border-slate-200 align-top">
              <td className="py-2 pr-2">
                <span className="break-words">{l.title}</span>
                <span className="block text-xs text-slate-600 sm:hidden print:hidden">
                  {l.discount > 0
                    ? i18n._("{price} each, −{discount} discount", {
                        price: formatTaka(l.unitPrice),
                        discount: formatTaka(l.discount),
                      })
                    : i18n._("{price} each", { price: formatTaka(l.unitPrice) })}
                  {vat ? ` · ${vatWords(l)}` : null}
                </span>
              </td>
              <td className={`${num} ${wide}`}>{formatTaka(l.unitPrice)}</td>
              <td className={num}>{number(l.quantity)}</td>
              <td className={`${num} ${wide}`}>{l.discount > 0 ? `−${formatTaka(l.discount)}` : "—"}</td>
              {vat ? (
                <>
                  <td className={`${num} ${wide}`}>
                    {l.vatRate ? `${bpToPercent(l.vatRate)}%` : i18n._("Exempt")}
                  </td>
                  <td className={`${num} ${wide}`}>{formatTaka(l.vat ?? 0)}</td>
                </>
              ) : null}
              <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">
                {formatTaka(l.lineTotal - l.discount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="mt-4 flex justify-end break-inside-avoid">
        <dl className="w-full max-w-xs space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{i18n._("Subtotal")}</dt>
            <dd className="tabular-nums">{formatTaka(s.subtotal)}</dd>
          </div>
          {s.discount > 0 ? (
            <div className="flex justify-between gap-4">
              <dt>
                {s.order.couponCode
                  ? i18n._("Discount ({code})", { code: s.order.couponCode })
                  : i18n._("Discount")}
              </dt>
              <dd className="tabular-nums">−{formatTaka(s.discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt>{i18n._("Delivery")}</dt>
            <dd className="tabular-nums">{formatTaka(s.delivery)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t-2 border-slate-900 pt-1.5 text-base font-bold">
            <dt>{i18n._("Total")}</dt>
            <dd className="tabular-nums">{formatTaka(s.total + (s.storeCredit ?? 0))}</dd>
          </div>
          {s.storeCredit ? (
            <div className="flex justify-between gap-4" data-testid="store-credit-paid">
              <dt>{i18n._("Paid with store credit")}</dt>
              <dd className="tabular-nums">−{formatTaka(s.storeCredit)}</dd>
            </div>
          ) : null}
          {vat ? (
            <div className="flex justify-between gap-4" data-testid="vat-total">
              <dt>{i18n._("VAT included in the total")}</dt>
              <dd className="tabular-nums">{formatTaka(vat.total)}</dd>
            </div>
          ) : null}
          {s.storeCredit && s.total === 0 ? null : (
            <div className="flex justify-between gap-4 text-slate-700 print:text-black">
              <dt>{cod ? i18n._("Due on delivery (cash)") : i18n._("Paid online")}</dt>
              <dd className="tabular-nums">{formatTaka(s.total)}</dd>
            </div>
          )}
        </dl>
      </div>

      <footer className="mt-8 border-t border-slate-300 pt-3 text-xs text-slate-600 break-inside-avoid print:text-black">
        <p>
          {i18n._("Thank you for shopping with {shop}. Prices are in Bangladeshi taka (BDT).", {
            shop: s.shop.name,
          })}
        </p>
        {vat ? (
          <p>
            {i18n._(
              "Prices include VAT. VAT is shown per line at its rate; exempt items carry none. Delivery carries no VAT.",
            )}
          </p>
        ) : null}
        <p>{i18n._("This invoice was issued electronically and is valid without a signature.")}</p>
      </footer>
    </article>
  );
}

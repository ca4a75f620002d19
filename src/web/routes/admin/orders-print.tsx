import JsBarcode from "jsbarcode";
import { useEffect, useRef, useState } from "react";
import { type PackingSlips, parseSlipIds } from "../../../contracts/admin-orders";
import { LOADING_TEXT } from "../../../contracts/messages";
import { ShopFields } from "../../components/orders/invoice-document";
import { Button } from "../../components/ui/button";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-print";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Packing slips") },
];

export function loader({ request }: Route.LoaderArgs) {
  return { ids: parseSlipIds(new URL(request.url).searchParams.get("ids")) };
}

/** A4, two slips to a page: each half a page, a break after every second one. */
const PRINT_CSS = "@page { size: A4; margin: 10mm; }";

/** The order number as a Code 128 barcode (SVG), drawn in the browser. */
function Barcode({ value }: { value: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const { i18n } = useLingui();
  useEffect(() => {
    if (ref.current) {
      JsBarcode(ref.current, value, { format: "CODE128", height: 44, width: 2, margin: 0, fontSize: 14 });
    }
  }, [value]);
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={i18n._("Barcode of order {number}", { number: value })}
      data-barcode={value}
    />
  );
}

function Slip({
  shop,
  details,
  slip,
}: {
  shop: string;
  details: PackingSlips["shopDetails"];
  slip: PackingSlips["slips"][number];
}) {
  const cod = slip.paymentMethod === "cod";
  const { i18n } = useLingui();
  const { taka, date, number } = useFormat();
  return (
    <article
      aria-label={i18n._("Packing slip, order {number}", { number: slip.number })}
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-5 text-slate-900 print:h-[132mm] print:overflow-hidden print:rounded-none print:border-0 print:border-b print:border-dashed print:border-black print:p-0 print:pb-3 print:text-black"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xl font-bold">{shop}</p>
          <ShopFields shop={details} />
          <p className="text-sm">
            {i18n._("Order #{number} · placed {date}", { number: slip.number, date: date(slip.createdAt) })}
          </p>
        </div>
        <Barcode value={slip.number} />
      </header>
      <div className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
        <section>
          <h2 className="text-xs font-bold tracking-wider uppercase">{i18n._("Deliver to")}</h2>
          <p className="font-semibold">{slip.name}</p>
          <p>{slip.phone}</p>
          <p>{slip.address}</p>
          <p>
            {slip.area}, {slip.district}
          </p>
          {slip.note ? (
            <p className="mt-1 text-sm italic">{i18n._("Note: {note}", { note: slip.note })}</p>
          ) : null}
        </section>
        <section className="self-start rounded-md border-2 border-slate-900 p-3 text-center">
          <h2 className="text-xs font-bold tracking-wider uppercase">
            {cod ? i18n._("Cash on delivery") : i18n._("Paid online")}
          </h2>
          <p className="text-2xl font-bold tabular-nums">
            {cod
              ? i18n._("Cash to collect: {amount}", { amount: taka(slip.cashToCollect) })
              : i18n._("Paid: collect {amount}", { amount: taka(0) })}
          </p>
        </section>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{i18n._("What to pack")}</caption>
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col" className="py-1">
              {i18n._("Item")}
            </th>
            <th scope="col" className="py-1 text-right">
              {i18n._("Qty")}
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines are fixed and may repeat a title
            <tr key={i} className="border-b border-slate-200">
              <td className="py-1">
                {l.title}
                {l.shipped ? null : <span className="text-xs"> {i18n._("(digital: not packed)")}</span>}
              </td>
              <td className="py-1 text-right font-semibold tabular-nums">{number(l.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/**
 * The packing slips of the orders in `?ids=`, on A4 two to a page. Opening the page asks for
 * them with `POST /api/admin/orders/slips`, which marks them printed; orders with nothing to pack
 * are listed with the reason (on screen only).
 */
export default function PackingSlipsPage({ loaderData }: Route.ComponentProps) {
  const { ids } = loaderData;
  const { i18n } = useLingui();
  const { number } = useFormat();
  const [data, setData] = useState<PackingSlips | null>(null);
  const [error, setError] = useState(
    ids ? "" : i18n._("Choose orders in the orders list, then Print slips."),
  );
  const asked = useRef("");
  useEffect(() => {
    const key = ids?.join(",") ?? "";
    if (!ids || asked.current === key) return;
    asked.current = key;
    api<PackingSlips>("POST", "/api/admin/orders/slips", { ids })
      .then((answer) => setData(answer.data ?? null))
      .catch((e) =>
        setError(
          e instanceof ApiError
            ? translateMessage(i18n, e.message)
            : i18n._("The slips could not be made. Please try again."),
        ),
      );
  }, [ids, i18n]);
  const refused = data?.results.filter((r) => !r.ok) ?? [];
  return (
    <div className="print:text-black">
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900">{i18n._("Packing slips")}</h1>
        <Button onClick={() => window.print()} disabled={!data || data.slips.length === 0}>
          {i18n._("Print")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : !data ? (
        <p role="status">{i18n._(LOADING_TEXT)}</p>
      ) : (
        <>
          {refused.length > 0 ? (
            <section
              aria-label={i18n._("Orders without a slip")}
              className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 print:hidden"
            >
              <p className="font-medium">
                {i18n._("{count} of {total} orders have no slip:", {
                  count: number(refused.length),
                  total: number(data.results.length),
                })}
              </p>
              <ul className="mt-1 list-disc pl-5">
                {refused.map((r) => (
                  <li key={`${r.id}`}>{r.message}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <p role="status" className="mb-4 text-sm text-slate-700 print:hidden">
            {data.slips.length === 1
              ? i18n._("1 slip, marked printed.")
              : i18n._("{count} slips, marked printed.", { count: number(data.slips.length) })}
          </p>
          <div className="space-y-4 print:space-y-0">
            {data.slips.map((slip, i) => (
              <div key={slip.id} className={i % 2 === 1 ? "print:break-after-page" : "print:pb-[6mm]"}>
                <Slip shop={data.shop} details={data.shopDetails} slip={slip} />
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

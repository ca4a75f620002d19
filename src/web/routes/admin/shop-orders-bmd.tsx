import { useId, useState } from "react";
import { Link } from "react-router";
import { MAX_BULK_ORDERS, type OrderBulkResult, splitOrderNumbers } from "../../../contracts/admin-orders";
import { useMutation } from "../../components/admin/mutation";
import { OrderResults } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/shop-orders-bmd";
import { loadShippedShopOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Mark shop orders delivered") },
];

export function loader({ context }: Route.LoaderArgs) {
  return loadShippedShopOrders(context);
}

/**
 * Stationery orders marked delivered in one go: ticked in the list of shipped ones, or typed or
 * scanned into the box (a scanner types the number and Enter, which starts the next line).
 */
export default function ShopOrdersDeliveredPage({ loaderData }: Route.ComponentProps) {
  const shipped = loaderData;
  const { run, pending } = useMutation();
  const { i18n } = useLingui();
  const { taka, number, date } = useFormat();
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState("");
  const [results, setResults] = useState<OrderBulkResult["results"] | null>(null);
  const boxId = useId();
  const hintId = useId();
  const numbers = splitOrderNumbers(text);
  const count = numbers.length + chosen.size;

  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      <PageHeading title={i18n._("Mark shop orders delivered")}>
        <p>
          {i18n._(
            "Tick the shipped orders below or type or scan their numbers. Each order is marked on its own and its buyer gets an SMS; the result of each is shown.",
          )}
        </p>
        <p className="mt-1">
          <Link to="/admin/shop-orders" className="text-brand-800 underline">
            ← {i18n._("Shop orders")}
          </Link>
        </p>
      </PageHeading>
      <form
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          setProblem("");
          if (count === 0) return setProblem(i18n._("Tick an order or type its number first."));
          if (count > MAX_BULK_ORDERS)
            return setProblem(i18n._("At most {count} orders at once.", { count: number(MAX_BULK_ORDERS) }));
          const answer = await run<OrderBulkResult>({
            method: "POST",
            path: "/api/admin/shop-orders/delivered",
            body: { ids: [...chosen], numbers },
          });
          if (answer) {
            setResults(answer.results);
            setText("");
            setChosen(new Set());
          }
        }}
      >
        <div>
          <label htmlFor={boxId} className="mb-1 block text-sm font-medium text-slate-800">
            {i18n._("Order numbers")}
          </label>
          <textarea
            id={boxId}
            aria-describedby={hintId}
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono"
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {i18n._("One per line, or separated by commas or spaces. {count} typed.", {
              count: number(numbers.length),
            })}
          </p>
        </div>

        <fieldset className="rounded-lg border border-slate-200 bg-white">
          <legend className="px-2 text-sm font-medium text-slate-800">
            {shipped.more
              ? i18n._("Shipped stationery orders ({count}+)", { count: number(shipped.total) })
              : i18n._("Shipped stationery orders ({count})", { count: number(shipped.total) })}
          </legend>
          {shipped.items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">
              {i18n._("No shipped stationery order is waiting.")}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {shipped.items.map((o) => (
                <li key={o.id}>
                  <label className="flex min-h-11 items-start gap-3 px-3 py-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 h-5 w-5"
                      checked={chosen.has(o.id)}
                      onChange={() => toggle(o.id)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">#{o.number}</span> · {o.name} · {o.phone}
                      <span className="block text-slate-600">
                        {o.items} · {taka(o.total)} · {date(o.createdAt)}
                        {o.consignment ? ` · ${o.consignment}` : ""}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <FormMessage>{problem}</FormMessage>
        <Button type="submit" loading={pending}>
          {count ? i18n._("Mark {count} delivered", { count: number(count) }) : i18n._("Mark delivered")}
        </Button>
      </form>
      <OrderResults title={i18n._("Marked delivered")} results={results} onClose={() => setResults(null)} />
    </div>
  );
}

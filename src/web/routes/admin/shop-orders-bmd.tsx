import { useId, useState } from "react";
import { Link } from "react-router";
import { MAX_BULK_ORDERS, type OrderBulkResult, splitOrderNumbers } from "../../../contracts/admin-orders";
import { formatTaka } from "../../../contracts/money";
import { useMutation } from "../../components/admin/mutation";
import { OrderResults } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/field";
import { formatDhakaDate } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/shop-orders-bmd";
import { loadShippedShopOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Mark shop orders delivered") },
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
      <PageHeading title="Mark shop orders delivered">
        <p>
          Tick the shipped orders below or type or scan their numbers. Each order is marked on its own and its
          buyer gets an SMS; the result of each is shown.
        </p>
        <p className="mt-1">
          <Link to="/admin/shop-orders" className="text-brand-800 underline">
            ← Shop orders
          </Link>
        </p>
      </PageHeading>
      <form
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          setProblem("");
          if (count === 0) return setProblem("Tick an order or type its number first.");
          if (count > MAX_BULK_ORDERS) return setProblem(`At most ${MAX_BULK_ORDERS} orders at once.`);
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
            Order numbers
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
            One per line, or separated by commas or spaces. {numbers.length} typed.
          </p>
        </div>

        <fieldset className="rounded-lg border border-slate-200 bg-white">
          <legend className="px-2 text-sm font-medium text-slate-800">
            Shipped stationery orders ({shipped.total.toLocaleString("en-US")}
            {shipped.more ? "+" : ""})
          </legend>
          {shipped.items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">No shipped stationery order is waiting.</p>
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
                        {o.items} · {formatTaka(o.total)} · {formatDhakaDate(o.createdAt)}
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
          Mark {count || ""} delivered
        </Button>
      </form>
      <OrderResults title="Marked delivered" results={results} onClose={() => setResults(null)} />
    </div>
  );
}

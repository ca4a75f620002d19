import { useState } from "react";
import { data, useRevalidator } from "react-router";
import { idField } from "../../../contracts/paging";
import { Stars } from "../../components/catalog/stars";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/book-reviews";
import { loadProductReviews } from "./book-reviews.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Book reviews") },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idField.safeParse(params.id);
  if (!id.success) throw data("Invalid book id", { status: 400 });
  return loadProductReviews(context, id.data);
}

function ModerateButton({ id, hidden }: { id: number; hidden: boolean }) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const res = await api("PATCH", `/api/admin/reviews/${id}`, { hidden: !hidden });
      toast({ title: res.message });
      await revalidator.revalidate();
    } catch (err) {
      toast({ variant: "destructive", title: i18n._("Not changed"), description: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant={hidden ? "secondary" : "destructive"} loading={busy} onClick={toggle}>
      {hidden ? i18n._("Show") : i18n._("Hide")}
    </Button>
  );
}

/** Staff read every review of a product and hide the ones that break the rules. */
export default function BookReviewsPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { number, dateTime } = useFormat();
  const { product, reviews } = loaderData;
  const visible = reviews.filter((r) => !r.hidden).length;
  return (
    <div className="max-w-3xl">
      <PageHeading title={i18n._("Book reviews")}>
        <p>
          {i18n._(
            "{title}: {count} reviews, {visible} shown. Hidden reviews leave the average and the shop page.",
            { title: product.title, count: number(reviews.length), visible: number(visible) },
          )}
        </p>
      </PageHeading>
      {reviews.length === 0 ? (
        <p className="text-slate-700">{i18n._("Nobody has reviewed this product yet.")}</p>
      ) : null}
      <ul className="space-y-3">
        {reviews.map((r) => (
          <li
            key={r.id}
            className={`rounded-lg border bg-white p-4 ${r.hidden ? "border-dashed border-slate-300 opacity-75" : "border-slate-200"}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <Stars value={r.rating} size={14} />
                <span className="font-medium">{r.author}</span>
                <span className="text-sm text-slate-600">{r.phone}</span>
                <span className="text-sm text-slate-600">{dateTime(r.updatedAt)}</span>
                {r.hidden ? (
                  <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                    {i18n._("Hidden")}
                  </span>
                ) : null}
              </div>
              <ModerateButton id={r.id} hidden={r.hidden} />
            </div>
            {r.text ? <p className="mt-2 whitespace-pre-line text-slate-800">{r.text}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

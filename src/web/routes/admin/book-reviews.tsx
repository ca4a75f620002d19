import { useState } from "react";
import { data, useRevalidator } from "react-router";
import { idField } from "../../../contracts/paging";
import { Stars } from "../../components/catalog/stars";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/book-reviews";
import { loadProductReviews } from "./book-reviews.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Book reviews") }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idField.safeParse(params.id);
  if (!id.success) throw data("Invalid book id", { status: 400 });
  return loadProductReviews(context, id.data);
}

const dhaka = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Dhaka",
  dateStyle: "medium",
  timeStyle: "short",
});

function ModerateButton({ id, hidden }: { id: number; hidden: boolean }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const res = await api("PATCH", `/api/admin/reviews/${id}`, { hidden: !hidden });
      toast({ title: res.message });
      await revalidator.revalidate();
    } catch (err) {
      toast({ variant: "destructive", title: "Not changed", description: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant={hidden ? "secondary" : "destructive"} loading={busy} onClick={toggle}>
      {hidden ? "Show" : "Hide"}
    </Button>
  );
}

/** Staff read every review of a product and hide the ones that break the rules. */
export default function BookReviewsPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  const visible = reviews.filter((r) => !r.hidden).length;
  return (
    <div className="max-w-3xl">
      <PageHeading title="Book reviews">
        <p>
          {product.title}: {reviews.length} reviews, {visible} shown. Hidden reviews leave the average and the
          shop page.
        </p>
      </PageHeading>
      {reviews.length === 0 ? <p className="text-slate-700">Nobody has reviewed this product yet.</p> : null}
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
                <span className="text-sm text-slate-600">{dhaka.format(new Date(r.updatedAt))}</span>
                {r.hidden ? (
                  <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                    Hidden
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

import { Trans } from "@lingui/react";
import { useCallback, useEffect, useState } from "react";
import { Link, useActionData, useLocation, useRevalidator } from "react-router";
import type { Page, ProductKind } from "../../../contracts/catalog";
import type { Review } from "../../../contracts/reviews";
import { useFormat, useLingui, useMessage } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { FormMessage } from "../ui/field";
import { Stars } from "./stars";

/** A review the page's action refused (routes/shop/reviews.server.ts): the reason and what was sent. */
type ReviewRefusal = {
  form: "review";
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};

const isReviewRefusal = (v: unknown): v is ReviewRefusal =>
  !!v && typeof v === "object" && (v as { form?: unknown }).form === "review";

// A star is lit when it or a star after it is chosen (with or without the page's scripts).
const STAR_LIT =
  "[.star:has(:checked)>&]:border-amber-500 [.star:has(:checked)>&]:bg-amber-50 [.star:has(:checked)>&]:text-amber-700 [.star:has(~.star_:checked)>&]:border-amber-500 [.star:has(~.star_:checked)>&]:bg-amber-50 [.star:has(~.star_:checked)>&]:text-amber-700";

/**
 * The review form (HTML first): it posts to the product page's own action until the page's
 * scripts run; then a submit is the API's `POST /api/reviews` with its toast. The stars and text
 * are read from the form, so what was chosen and typed before the scripts ran is kept.
 */
function ReviewForm({
  productId,
  productType,
  mine,
  refusal,
  onSaved,
}: {
  productId: number;
  productType: ProductKind;
  mine?: Review;
  refusal?: ReviewRefusal;
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const message = useMessage();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const chooseRating = () =>
    i18n._("Choose a rating from {min} to {max}", { min: number(1), max: number(5) });
  const [error, setError] = useState(() =>
    refusal ? (refusal.errors.rating ? chooseRating() : message(refusal.message)) : "",
  );
  const [saving, setSaving] = useState(false);
  const rating0 = refusal ? Number(refusal.values.rating) : (mine?.rating ?? 0);
  const text0 = refusal ? (refusal.values.text ?? "") : (mine?.text ?? "");

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError("");
    const form = new FormData(e.currentTarget);
    const rating = Number(form.get("rating") ?? 0);
    const text = String(form.get("text") ?? "");
    if (!(rating >= 1)) {
      setError(chooseRating());
      return;
    }
    setSaving(true);
    try {
      const res = await api("POST", "/api/reviews", { productType, productId, rating, text });
      toast({ title: i18n._(res.message) });
      onSaved();
    } catch (err) {
      setError(err instanceof ApiError ? i18n._(err.message) : i18n._("Could not save your review"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      method="post"
      action={`${pathname}${search}#reviews`}
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      // Without scripts the browser checks the stars are chosen; with them, the form says so.
      noValidate={hydrated}
    >
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="productType" value={productType} />
      <input type="hidden" name="productId" value={productId} />
      <p className="font-semibold">{mine ? i18n._("Edit your review") : i18n._("Write a review")}</p>
      <FormMessage>{error}</FormMessage>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">{i18n._("Your rating")}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="star cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={n}
                defaultChecked={rating0 === n}
                required
                className="peer sr-only"
              />
              <span
                className={`inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-300 text-lg text-slate-500 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${STAR_LIT}`}
              >
                ★
                <span className="sr-only">
                  {n === 1 ? i18n._("1 star") : i18n._("{count} stars", { count: number(n) })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="mb-1 block text-sm font-medium text-slate-800">
          {i18n._("Your review (optional)")}
        </span>
        <textarea
          name="text"
          defaultValue={text0}
          maxLength={2000}
          rows={4}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:outline-2 focus:outline-brand-700"
        />
      </label>
      <Button type="submit" loading={saving}>
        {mine ? i18n._("Update review") : i18n._("Post review")}
      </Button>
    </form>
  );
}

/**
 * Reviews of a product: the average and count (server-rendered), the reviews themselves loaded
 * after the page is up (they sit below the fold), and a form for signed-in shoppers.
 */
export function ReviewsSection({
  productId,
  productType,
  rating,
}: {
  productId: number;
  productType: ProductKind;
  rating: { average: number | null; count: number };
}) {
  const { user } = useRootData();
  const { pathname } = useLocation();
  const [page, setPage] = useState<Page<Review> | null>(null);
  const [failed, setFailed] = useState(false);
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const refused = useActionData();
  const { i18n } = useLingui();
  const { number, decimal, date } = useFormat();

  const load = useCallback(async () => {
    try {
      const res = await api<Page<Review>>("GET", `/api/reviews?product=${productId}&limit=20`);
      setPage(res.data ?? null);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [productId]);

  useEffect(() => {
    void load();
  }, [load]);

  const mine = page?.items.find((r) => r.mine);
  const count = page ? page.total : rating.count;
  return (
    <section aria-labelledby="reviews" className="mt-10">
      <h2 id="reviews" className="scroll-mt-32 text-xl font-bold">
        {i18n._("Reviews")}
      </h2>
      <p className="mt-1 flex items-center gap-2 text-slate-700">
        {rating.average !== null ? (
          <>
            <Stars value={rating.average} />
            <span>
              {count === 1
                ? i18n._("{rating} out of 5 · 1 review", { rating: decimal(rating.average, 1) })
                : i18n._("{rating} out of 5 · {count} reviews", {
                    rating: decimal(rating.average, 1),
                    count: number(count),
                  })}
            </span>
          </>
        ) : (
          <span>{i18n._("No reviews yet.")}</span>
        )}
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          {user ? (
            <ReviewForm
              key={mine?.id ?? "new"}
              productId={productId}
              productType={productType}
              mine={mine}
              refusal={isReviewRefusal(refused) ? refused : undefined}
              // The page's loader reads the product again: the average and count move with the review.
              onSaved={() => {
                void load();
                void revalidator.revalidate();
              }}
            />
          ) : (
            <p className="rounded-lg border border-slate-200 p-4 text-slate-700">
              <Trans
                id="<0>Sign in</0> to write a review."
                components={{
                  0: (
                    <Link
                      to={`/auth/login?redirect=${encodeURIComponent(pathname)}`}
                      className="font-semibold text-brand-800 underline"
                    />
                  ),
                }}
              />
            </p>
          )}
        </div>
        <ul className="space-y-4">
          {failed ? <li className="text-slate-700">{i18n._("Reviews could not be loaded.")}</li> : null}
          {/* The reviews come with the page's scripts: without them, nothing is loading. */}
          {page === null && !failed && hydrated ? (
            <li className="text-slate-600">{i18n._("Loading reviews…")}</li>
          ) : null}
          {page?.items.map((r) => (
            <li key={r.id} className="border-b border-slate-100 pb-3">
              <div className="flex flex-wrap items-center gap-2">
                <Stars value={r.rating} size={14} />
                <span className="font-medium">{r.author}</span>
                {r.verifiedPurchase ? (
                  <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">
                    {i18n._("Verified purchase")}
                  </span>
                ) : null}
                <span className="text-sm text-slate-600">{date(r.updatedAt)}</span>
              </div>
              {r.text ? <p className="mt-1 whitespace-pre-line text-slate-800">{r.text}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { BookOpen, CircleCheck, PlayCircle } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import type { AuthorRef } from "../../../contracts/catalog";
import type { OrderView } from "../../../contracts/checkout";
import { useFormat, useLingui } from "../../i18n";
import { useCart } from "../../lib/cart";
import { usePurchaseEvent } from "../../lib/purchase-event";
import { CoverImage } from "../catalog/cover-image";
import { buttonClass } from "../ui/button";
import { BlankBrand } from "./blank-brand";

/**
 * The success page of a single e-book or course: the product the buyer now owns and the way in
 * (read it, start it), with the order that gave it.
 */
export function OwnedProductSuccess({
  kind,
  product,
  order,
}: {
  kind: "ebook" | "content";
  product: { id: number; title: string; image: string | null; authors: AuthorRef[] };
  order: OrderView;
}) {
  const { i18n } = useLingui();
  const { taka, dateTime } = useFormat();
  const { reload } = useCart();
  const ebook = kind === "ebook";
  const Icon = ebook ? BookOpen : PlayCircle;

  useEffect(() => void reload(), [reload]);
  usePurchaseEvent(order);

  return (
    <div className="space-y-6">
      <BlankBrand />
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-emerald-700" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{i18n._("Payment Successful")}</h1>
        <p className="mt-2 text-slate-700">
          {ebook ? i18n._("The e-book is in your library now.") : i18n._("The course is open to you now.")}
        </p>
      </div>

      <section
        aria-labelledby="owned-heading"
        className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:p-5"
      >
        <div className="mx-auto w-28 shrink-0 sm:mx-0">
          <CoverImage image={product.image} title={product.title} width={112} sizes="112px" priority />
        </div>
        <div className="min-w-0 flex-1 text-center sm:text-left">
          <p className="text-sm font-semibold text-brand-800">
            {ebook ? i18n._("E-book") : i18n._("Course")}
          </p>
          <h2 id="owned-heading" className="text-xl font-bold break-words text-slate-900">
            {product.title}
          </h2>
          {product.authors.length > 0 ? (
            <p className="text-slate-700">{product.authors.map((a) => a.name).join(", ")}</p>
          ) : null}
          <p className="mt-2 text-sm text-slate-700">
            {i18n._("Order #{number}", { number: order.number })} · {dateTime(order.createdAt)} ·{" "}
            {taka(order.total)}
          </p>
          <Link
            to={ebook ? `/ebook/${product.id}/read` : `/content/${product.id}`}
            className={buttonClass("primary", "mt-4 w-full text-base sm:w-auto")}
          >
            <Icon aria-hidden="true" className="h-5 w-5" />
            {ebook ? i18n._("Read now") : i18n._("Start the course")}
          </Link>
        </div>
      </section>

      <nav
        aria-label={i18n._("Next steps")}
        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center"
      >
        {order.invoiceId ? (
          <Link to={`/invoice/${order.invoiceId}`} className={buttonClass("secondary")}>
            {i18n._("View invoice")}
          </Link>
        ) : null}
        {ebook ? (
          <Link to="/ebook/library" className={buttonClass("secondary")}>
            {i18n._("My e-books")}
          </Link>
        ) : null}
        <Link to="/orders" className={buttonClass("secondary")}>
          {i18n._("My orders")}
        </Link>
        <Link to="/" className={buttonClass("secondary")}>
          {i18n._("Continue shopping")}
        </Link>
      </nav>
    </div>
  );
}

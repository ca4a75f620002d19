import { Link } from "react-router";
import { TRACK_INFO, TRACKS } from "../../../contracts/catalog";
import { ProductRow } from "../../components/catalog/product-row";
import { useLingui } from "../../i18n";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/home";
import { loadHome } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: /*i18n*/ "Books and study material for HSC and admission students",
    description:
      /*i18n*/ "Books, e-books, bundles, stationery and learning content for HSC and university admission students in Bangladesh.",
    path: "/",
    type: "website",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { newest, bestSelling, bundles, ebooks, stationery, content } = loaderData;
  const { i18n } = useLingui();
  return (
    <div className="space-y-10">
      <section className="rounded-xl bg-brand-700 px-5 py-6 text-white sm:px-8 sm:py-10">
        <h1 className="max-w-2xl text-2xl font-bold sm:text-4xl">
          {i18n._("Books and study material for HSC and admission students")}
        </h1>
        <p className="mt-2 max-w-xl text-brand-50">
          {i18n._(
            "Printed books delivered across Bangladesh, e-books you read on your phone, and bundles for every exam.",
          )}
        </p>
      </section>
      <section aria-labelledby="tracks">
        <h2 id="tracks" className="mb-3 text-xl font-bold text-slate-900">
          {i18n._("Academic tracks")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-5">
          {TRACKS.map((t) => (
            <li key={t} className={t === "hsc" ? "col-span-2 md:col-span-1" : undefined}>
              <Link
                to={TRACK_INFO[t].path}
                className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-700 hover:shadow-sm"
              >
                <span className="block font-semibold text-brand-800">{i18n._(TRACK_INFO[t].name)}</span>
                <span className="mt-1 block text-sm text-slate-700">{i18n._(TRACK_INFO[t].blurb)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <ProductRow title={i18n._("New arrivals")} items={newest} seeAll="/search?sort=newest" />
      <ProductRow title={i18n._("Best-selling books")} items={bestSelling} seeAll="/search?kind=book" />
      <ProductRow title={i18n._("Bundles")} items={bundles} seeAll="/bundle" />
      <ProductRow title={i18n._("E-books")} items={ebooks} seeAll="/ebook" />
      <ProductRow title={i18n._("Stationery")} items={stationery} seeAll="/stationery" />
      <ProductRow title={i18n._("Learning content")} items={content} seeAll="/content" />
    </div>
  );
}

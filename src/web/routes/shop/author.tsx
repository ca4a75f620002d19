import { redirect } from "react-router";
import { imageUrl } from "../../../contracts/images";
import { useCountLabel } from "../../components/catalog/listing";
import { Pagination } from "../../components/catalog/pagination";
import { Breadcrumbs, Paragraphs } from "../../components/catalog/product-detail";
import { ProductGrid } from "../../components/catalog/product-grid";
import { translate, useLingui } from "../../i18n";
import { errorMeta } from "../../lib/error-meta";
import { pageLocale } from "../../lib/meta";
import { useMediaBase } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/author";
import { loadAuthor } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return errorMeta(matches, error);
  const { author, products } = loaderData;
  const page = products.page > 1 ? `?page=${products.page}` : "";
  return seoMeta(matches, {
    title: author.nameBn ? `${author.name} (${author.nameBn})` : author.name,
    description:
      author.bio.trim() ||
      translate(pageLocale(matches), /*i18n*/ "Books and study material by {name}.", { name: author.name }),
    path: `/author/${author.slug}${page}`,
    image: author.photo,
    type: "profile",
  });
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = await loadAuthor(context, params.slug, request);
  // A merged or renamed author's old address leads, for good, to the author kept.
  if (found.author.slug !== params.slug) {
    throw redirect(`/author/${found.author.slug}${new URL(request.url).search}`, 301);
  }
  return found;
}

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, products } = loaderData;
  const { i18n } = useLingui();
  const countLabel = useCountLabel();
  const mediaBase = useMediaBase();
  return (
    <div>
      <Breadcrumbs items={[{ label: author.name }]} />
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-start">
        {author.photo ? (
          <img
            src={imageUrl(mediaBase, author.photo, 160)}
            alt=""
            width={96}
            height={96}
            className="h-24 w-24 shrink-0 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold text-white"
          >
            {author.name.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{author.name}</h1>
          {author.nameBn ? (
            <p lang="bn" className="mt-1 text-lg text-slate-700">
              {author.nameBn}
            </p>
          ) : null}
          {author.bio ? <Paragraphs text={author.bio} className="mt-3 max-w-3xl" /> : null}
        </div>
      </header>
      <section aria-labelledby="author-products">
        <h2 id="author-products" className="mb-1 text-xl font-bold text-slate-900">
          {i18n._("Books and more by {name}", { name: author.name })}
        </h2>
        <p className="mb-4 text-sm text-slate-700">{countLabel(products.total)}</p>
        <ProductGrid
          items={products.items}
          className="lg:grid-cols-5"
          empty={<p className="text-slate-700">{i18n._("Nothing by this author is on sale right now.")}</p>}
        />
        <Pagination page={products.page} limit={products.limit} total={products.total} />
      </section>
    </div>
  );
}

import { FileText, Lock, PlayCircle, ScrollText } from "lucide-react";
import type { Chapter, ChapterKind } from "../../../contracts/catalog";
import { languageName } from "../../components/catalog/labels";
import { Facts, Paragraphs, ProductSummary } from "../../components/catalog/product-detail";
import { ProductRow } from "../../components/catalog/product-row";
import { ReviewsSection } from "../../components/catalog/reviews-section";
import { productMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/content";
import { loadProduct, parseId } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? productMeta(matches, loaderData.product) : errorMeta(matches, error);

export async function loader({ params, context }: Route.LoaderArgs) {
  return { product: await loadProduct(context, "content", parseId(params.id, "content")) };
}

const KIND: Record<ChapterKind, { label: string; Icon: typeof FileText }> = {
  video: { label: "Video", Icon: PlayCircle },
  pdf: { label: "PDF", Icon: FileText },
  text: { label: "Text", Icon: ScrollText },
};

const isLink = (body: string) => /^(https?:\/\/|\/)/.test(body);

/** What a free chapter shows: text in full, a link to a video or PDF. */
function FreeBody({ chapter }: { chapter: Chapter }) {
  const body = chapter.body?.trim();
  if (!body) return null;
  if (chapter.kind === "text") {
    return <Paragraphs text={body} className="mt-3 rounded-md bg-slate-50 p-3 text-sm" />;
  }
  if (!isLink(body)) {
    return <p className="mt-2 text-sm text-slate-700">Opens in the reader after you sign in.</p>;
  }
  return (
    <a
      href={body}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
    >
      {chapter.kind === "video" ? "Watch the free video" : "Open the free PDF"}
      <span className="sr-only">: {chapter.title} (opens in a new tab)</span>
    </a>
  );
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const chapters = product.content?.chapters ?? [];
  const free = chapters.filter((c) => c.is_free).length;
  return (
    <article>
      <ProductSummary product={product} source="content">
        <section aria-labelledby="content-details" className="mt-8">
          <h2 id="content-details" className="mb-3 text-lg font-bold text-slate-900">
            Details
          </h2>
          <Facts
            rows={[
              ["Chapters", chapters.length ? `${chapters.length} (${free} free to preview)` : null],
              ["Language", languageName(product.language)],
              ["HSC year", product.hsc_year],
            ]}
          />
        </section>
      </ProductSummary>
      {product.description ? (
        <section aria-labelledby="about" className="mt-10 max-w-3xl">
          <h2 id="about" className="mb-3 text-xl font-bold text-slate-900">
            About this course
          </h2>
          <Paragraphs text={product.description} />
        </section>
      ) : null}
      <section aria-labelledby="chapters" className="mt-10 max-w-3xl">
        <h2 id="chapters" className="mb-3 text-xl font-bold text-slate-900">
          Chapters
        </h2>
        {chapters.length === 0 ? <p className="text-slate-700">Chapters are being added.</p> : null}
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {chapters.map((c, i) => {
            const { label, Icon } = KIND[c.kind];
            return (
              <li key={c.id} className="p-3">
                <div className="flex items-start gap-3">
                  <span className="mt-0.5 w-6 shrink-0 text-right font-semibold text-slate-700">
                    {i + 1}.
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">{c.title}</p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      <span className="inline-flex items-center gap-1">
                        <Icon aria-hidden="true" className="h-4 w-4" />
                        {label}
                      </span>
                      {c.is_free ? (
                        <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">
                          Free preview
                        </span>
                      ) : (
                        <span className="inline-flex items-center gap-1">
                          <Lock aria-hidden="true" className="h-4 w-4" />
                          Locked<span className="sr-only">: buy the course to open it</span>
                        </span>
                      )}
                    </p>
                    {c.is_free ? <FreeBody chapter={c} /> : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </section>
      <div className="mt-10">
        <ProductRow title="More courses" items={product.related} seeAll="/content" />
      </div>
      <ReviewsSection productId={product.id} productType={product.kind} rating={product.rating} />
    </article>
  );
}

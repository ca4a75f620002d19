import { useSearchParams } from "react-router";
import { courseChapterPath, coursePath } from "../../../contracts/library";
import { languageName } from "../../components/catalog/labels";
import { Facts, Paragraphs, ProductSummary } from "../../components/catalog/product-detail";
import { ProductRow } from "../../components/catalog/product-row";
import { ReviewsSection } from "../../components/catalog/reviews-later";
import { CourseChapterList, useChapterDone } from "../../components/courses/course-chapters";
import { CourseProgressLine } from "../../components/courses/course-progress";
import { useFormat, useLingui } from "../../i18n";
import { productMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/content";
import { parseId } from "./catalog.server";
import { loadCoursePage } from "./content.server";
import { reviewAction } from "./reviews.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? productMeta(matches, loaderData.product) : errorMeta(matches, error);

export async function loader({ params, context }: Route.LoaderArgs) {
  return await loadCoursePage(context, parseId(params.id, "content"));
}

/** The review form posted without JavaScript (HTML first; reviews.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(context, request);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { product, course } = loaderData;
  const chapters = course.chapters;
  const free = chapters.filter((c) => c.isFree).length;
  const done = useChapterDone(course);
  const progress = done.progress;
  const owned = course.access === "owner";
  const { i18n } = useLingui();
  const { number, year } = useFormat();

  // The chapter the address asks for (a deep link, or "Continue"), else the one to resume.
  const [search] = useSearchParams();
  const asked = Number(search.get("chapter"));
  const askedChapter = chapters.find((c) => c.id === asked && c.readable);
  const openId = askedChapter?.id ?? course.progress?.resumeChapterId ?? null;

  // Where the owner's button goes: the first chapter not done; with all done, the first again.
  const resumeId = progress?.resumeChapterId ?? null;
  const firstId = chapters[0]?.id;
  const goTo = resumeId ?? firstId;
  const read = owned
    ? {
        owned: true,
        to: goTo ? courseChapterPath(course.id, goTo) : coursePath(course.id),
        label: !progress?.doneCount
          ? /*i18n*/ "Start the course"
          : resumeId
            ? /*i18n*/ "Continue where you left off"
            : /*i18n*/ "Go over it again",
      }
    : undefined;

  return (
    <article>
      <ProductSummary product={product} source="content" read={read}>
        {progress ? (
          <CourseProgressLine
            doneCount={progress.doneCount}
            total={progress.total}
            title={product.title}
            className="mt-4"
          />
        ) : null}
        <section aria-labelledby="content-details" className="mt-8">
          <h2 id="content-details" className="mb-3 text-lg font-bold text-slate-900">
            {i18n._("Details")}
          </h2>
          <Facts
            rows={[
              [
                /*i18n*/ "Chapters",
                chapters.length
                  ? owned
                    ? number(chapters.length)
                    : i18n._("{count} ({free} free to preview)", {
                        count: number(chapters.length),
                        free: number(free),
                      })
                  : null,
              ],
              [/*i18n*/ "Language", i18n._(languageName(product.language))],
              [/*i18n*/ "HSC year", product.hscYear ? year(product.hscYear) : null],
            ]}
          />
        </section>
      </ProductSummary>
      {product.description ? (
        <section aria-labelledby="about" className="mt-10 max-w-3xl">
          <h2 id="about" className="mb-3 text-xl font-bold text-slate-900">
            {i18n._("About this course")}
          </h2>
          <Paragraphs text={product.description} />
        </section>
      ) : null}
      <section aria-labelledby="chapters" className="mt-10 max-w-3xl">
        <h2 id="chapters" className="mb-3 text-xl font-bold text-slate-900">
          {i18n._("Chapters")}
        </h2>
        {chapters.length === 0 ? (
          <p className="text-slate-700">{i18n._("Chapters are being added.")}</p>
        ) : null}
        {chapters.length > 0 ? <CourseChapterList course={course} done={done} openId={openId} /> : null}
      </section>
      <div className="mt-10">
        <ProductRow title={i18n._("More courses")} items={product.related} seeAll="/content" />
      </div>
      <ReviewsSection productId={product.id} productType={product.kind} rating={product.rating} />
    </article>
  );
}

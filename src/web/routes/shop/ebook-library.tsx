import { Trans } from "@lingui/react";
import { BookOpen, PlayCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CoverImage } from "../../components/catalog/cover-image";
import { CourseProgressLine } from "../../components/courses/course-progress";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/ebook-library";
import { loadMyLibrary, type ShelfEbook } from "./ebook-library.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "My e-books") },
  { name: "robots", content: "noindex" },
];

/** The signed-in user's e-books and courses (the guard-auth layout asks for sign-in). */
export async function loader({ context }: Route.LoaderArgs) {
  return await loadMyLibrary(context);
}

/** Where the reader stopped. */
type ReadProgress = NonNullable<ShelfEbook["progress"]>;

function ProgressLine({ progress, title }: { progress: ReadProgress; title: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(progress.percent)));
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (
    <div className="mt-2">
      <p className="text-sm text-slate-800">
        {i18n._("Page {page} of {pages} · {percent}%", {
          page: number(progress.page),
          pages: number(progress.pageCount),
          percent: number(percent),
        })}
      </p>
      <div
        role="progressbar"
        aria-label={i18n._("Read of {title}", { title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** One owned item: cover, names, what it holds and when it was bought, and the way in. */
function OwnedCard({
  id,
  heading: Heading,
  title,
  titleBn,
  image,
  facts,
  boughtAt,
  progress,
  action,
}: {
  id: string;
  heading: "h2" | "h3";
  title: string;
  titleBn: string | null;
  image: string | null;
  facts: string | null;
  boughtAt: string;
  progress?: ReactNode;
  action: ReactNode;
}) {
  const { date } = useFormat();
  return (
    <article
      aria-labelledby={id}
      className="flex h-full gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:gap-4 sm:p-4"
    >
      <div className="w-20 shrink-0 sm:w-24">
        <CoverImage image={image} title={title} width={96} sizes="(min-width: 640px) 96px, 80px" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <Heading id={id} translate="no" className="line-clamp-3 font-bold break-words text-slate-900">
          {title}
        </Heading>
        {titleBn ? (
          <p lang="bn" className="line-clamp-2 break-words text-slate-700">
            {titleBn}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-slate-700">
          {facts ? `${facts} · ` : null}
          <span className="whitespace-nowrap">
            <Trans
              id="Bought <0>{date}</0>"
              values={{ date: date(boughtAt) }}
              components={{ 0: <time dateTime={boughtAt} /> }}
            />
          </span>
        </p>
        {progress}
        <div className="mt-auto pt-3">{action}</div>
      </div>
    </article>
  );
}

function EmptyShelf() {
  const { i18n } = useLingui();
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <BookOpen aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
      <p className="mt-4 text-lg font-bold text-slate-900">{i18n._("No e-books yet")}</p>
      <p className="mx-auto mt-2 max-w-sm text-slate-700">
        {i18n._("E-books you buy show here, ready to read in your browser on any phone or computer.")}
      </p>
      <Link to="/ebook" className={buttonClass("primary", "mt-6")}>
        {i18n._("Browse e-books")}
      </Link>
    </div>
  );
}

export default function MyEBooksPage({ loaderData }: Route.ComponentProps) {
  const { ebooks, courses } = loaderData;
  const { i18n } = useLingui();
  const { number } = useFormat();
  const count = (n: number, one: string, many: string) =>
    n === 1 ? i18n._(one) : i18n._(many, { count: number(n) });
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading title={i18n._("My e-books")}>
        {ebooks.length > 0 ? (
          <p>
            {ebooks.length === 1
              ? i18n._("1 e-book, last read first, then newest bought. Read them on any phone or computer.")
              : i18n._(
                  "{count} e-books, last read first, then newest bought. Read them on any phone or computer.",
                  { count: number(ebooks.length) },
                )}
          </p>
        ) : null}
      </PageHeading>

      {ebooks.length === 0 ? (
        <EmptyShelf />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:gap-4 md:grid-cols-2">
          {ebooks.map((e) => {
            const progress = e.progress;
            return (
              <li key={e.id}>
                <OwnedCard
                  id={`ebook-${e.id}`}
                  heading="h2"
                  title={e.title}
                  titleBn={e.titleBn}
                  image={e.image}
                  facts={
                    e.pageCount > 0 ? count(e.pageCount, /*i18n*/ "1 page", /*i18n*/ "{count} pages") : null
                  }
                  boughtAt={e.boughtAt}
                  progress={progress ? <ProgressLine progress={progress} title={e.title} /> : null}
                  action={
                    <Link to={e.readUrl} className={buttonClass("primary")}>
                      <BookOpen aria-hidden="true" className="h-4 w-4" />
                      {progress ? i18n._("Continue") : i18n._("Read")}
                      <span className="sr-only"> {e.title}</span>
                    </Link>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}

      {courses.length > 0 ? (
        <section aria-labelledby="my-courses" className="mt-10">
          <h2 id="my-courses" className="text-xl font-bold text-slate-900 sm:text-2xl">
            {i18n._("My courses")}
          </h2>
          <p className="mt-1 mb-4 text-slate-700">
            {i18n._("Last studied first; continue at the first chapter not done.")}
          </p>
          <ul className="grid grid-cols-1 gap-3 sm:gap-4 md:grid-cols-2">
            {courses.map((c) => (
              <li key={c.id}>
                <OwnedCard
                  id={`course-${c.id}`}
                  heading="h3"
                  title={c.title}
                  titleBn={c.titleBn}
                  image={c.image}
                  facts={
                    c.chapters > 0
                      ? count(c.chapters, /*i18n*/ "1 chapter", /*i18n*/ "{count} chapters")
                      : null
                  }
                  boughtAt={c.boughtAt}
                  progress={
                    c.chapters > 0 ? (
                      <CourseProgressLine doneCount={c.doneCount} total={c.chapters} title={c.title} />
                    ) : null
                  }
                  action={
                    <Link
                      to={c.continueUrl}
                      className={buttonClass(c.doneCount > 0 ? "primary" : "secondary")}
                    >
                      <PlayCircle aria-hidden="true" className="h-4 w-4" />
                      {c.doneCount === 0
                        ? i18n._("Start")
                        : c.resumeChapterId === null
                          ? i18n._("Open")
                          : i18n._("Continue")}
                      <span className="sr-only"> {c.title}</span>
                    </Link>
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

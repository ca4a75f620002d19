import { Trans } from "@lingui/react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { type EbookPdf, MAX_DEMO_PAGES, thumbnailUrl } from "../../../contracts/uploads";
import { PrintedWithoutEbook } from "../../components/admin/ebook-pages";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/book-demo";
import { loadEbookPdf } from "./book-pages.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Demo pages") },
];

export function loader({ params, context }: Route.LoaderArgs) {
  return loadEbookPdf(context, params.id, "demo");
}

/**
 * The free preview pages, chosen by pressing the pages' pictures (toggle buttons: Space or Enter
 * from the keyboard). A colleague's save since the page opened is refused (409): their choice is
 * shown, with this one's pages named so it can be made again.
 */
function DemoPicker({
  ebook,
  notice,
  setNotice,
}: {
  ebook: EbookPdf;
  /** The colleague's-save notice, kept by the page across the picker's fresh start. */
  notice: string;
  setNotice: (text: string) => void;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const list = (pages: number[]) => (pages.length ? pages.map(number).join(", ") : i18n._("none"));
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(ebook.demoPages));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState("");
  const message = problem || notice;
  const pages = Array.from({ length: ebook.pageCount }, (_, i) => i + 1);
  const sorted = [...chosen].sort((a, b) => a - b);
  const changed = sorted.join() !== ebook.demoPages.join();
  const full = chosen.size >= MAX_DEMO_PAGES;

  function toggle(n: number) {
    setProblem("");
    setNotice("");
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(n)) next.delete(n);
      else if (next.size < MAX_DEMO_PAGES) next.add(n);
      return next;
    });
  }

  async function save() {
    setSaving(true);
    try {
      const res = await api<EbookPdf>("PUT", `/api/admin/ebooks/${ebook.id}/demo`, {
        demoPages: sorted,
        version: ebook.version,
      });
      toast({
        title: res.message,
        description: i18n._("Pages {pages}", { pages: list(res.data?.demoPages ?? sorted) }),
      });
      await revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 409) {
        setNotice(
          i18n._(
            "A colleague saved preview pages while you were choosing: theirs are shown now. Your choice was pages {pages}.",
            { pages: list(sorted) },
          ),
        );
        await revalidator.revalidate();
      } else {
        setProblem(
          err instanceof Error
            ? translateMessage(i18n, err.message)
            : i18n._("Something went wrong. Please try again."),
        );
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <div>
      <div className="sticky top-0 z-10 -mx-4 mb-4 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-3">
        <p className="text-slate-800" aria-live="polite" data-testid="demo-count">
          <Trans
            id={
              full
                ? /*i18n*/ "<0>{chosen}</0> of {count} pages chosen (at most {max})"
                : /*i18n*/ "<0>{chosen}</0> of {count} pages chosen"
            }
            values={{
              chosen: number(chosen.size),
              count: number(ebook.pageCount),
              max: number(MAX_DEMO_PAGES),
            }}
            components={{ 0: <strong /> }}
          />
        </p>
        <Button onClick={save} loading={saving} disabled={!changed}>
          {i18n._("Save preview pages")}
        </Button>
        {changed ? (
          <Button variant="ghost" onClick={() => setChosen(new Set(ebook.demoPages))} disabled={saving}>
            {i18n._("Undo changes")}
          </Button>
        ) : null}
      </div>
      {message ? (
        <p
          role="alert"
          className="mb-4 max-w-prose rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          {message}
        </p>
      ) : null}
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-3" aria-label={i18n._("Pages")}>
        {pages.map((n) => {
          const on = chosen.has(n);
          return (
            <li key={n}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={i18n._("Page {n}", { n: number(n) })}
                disabled={!on && full}
                onClick={() => toggle(n)}
                className={cn(
                  "block w-full rounded-md border-2 p-1 text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50",
                  on ? "border-brand-700 bg-brand-50" : "border-transparent hover:border-slate-300",
                )}
              >
                <img
                  src={thumbnailUrl(ebook.id, n, ebook.fileVersion ?? undefined)}
                  alt=""
                  loading="lazy"
                  width={160}
                  height={226}
                  className="h-auto w-full rounded border border-slate-200 bg-white"
                />
                <span className="mt-1 flex items-center justify-center gap-1 text-xs text-slate-800">
                  {number(n)}
                  {on ? (
                    <span className="rounded bg-brand-700 px-1 font-semibold text-white">
                      {i18n._("Preview")}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export default function DemoPagesPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [notice, setNotice] = useState("");
  if (!loaderData.ebook) {
    return (
      <div>
        <PageHeading title={i18n._("Demo pages")} />
        <PrintedWithoutEbook printed={loaderData.printed} />
      </div>
    );
  }
  const ebook = loaderData.ebook;
  return (
    <div>
      <PageHeading title={i18n._("Demo pages")}>
        <p className="font-medium">{ebook.title}</p>
        <p className="mt-1 text-sm">
          {i18n._(
            "Anyone may read these pages free, signed in or not. Press a page to add it to the preview or take it out.",
          )}
        </p>
      </PageHeading>
      {ebook.pageCount === 0 ? (
        <p className="max-w-prose rounded-lg border border-slate-200 bg-white p-4">
          <Trans
            id="This e-book has no PDF yet. <0>Upload it first</0>, then choose its preview pages here."
            components={{
              0: <Link to={`/admin/books/${ebook.id}/pages`} className="text-brand-700 underline" />,
            }}
          />
        </p>
      ) : (
        // A new version (a save, a colleague's save) starts the picker afresh from what is saved.
        <DemoPicker
          key={`${ebook.id}-${ebook.version}`}
          ebook={ebook}
          notice={notice}
          setNotice={setNotice}
        />
      )}
    </div>
  );
}

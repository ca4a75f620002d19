import { useEffect } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { PAGE_NOT_FOUND_TITLE, SERVER_ERROR_TITLE } from "../../contracts/messages";
import { useLingui, useMessage } from "../i18n";
import { isAssetLoadError, reloadAfterAssetFailure } from "../lib/asset-reload";

export function describeError(error: unknown): { status: number; title: string; message: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  let message: string = /*i18n*/ "Something went wrong on our side. Please try again.";
  if (isRouteErrorResponse(error)) {
    const d: unknown = error.data;
    // A refusal by a route guard carries `{ message, root }` (root-data.ts).
    const text =
      typeof d === "string" ? d : d && typeof d === "object" && "message" in d ? String(d.message) : "";
    message = text || error.statusText || message;
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return { status, title: status === 404 ? PAGE_NOT_FOUND_TITLE : SERVER_ERROR_TITLE, message };
}

/**
 * Status 404 reads "Page Not Found", any other "Internal Server Error"; both show status and
 * message, in the page's language when the catalogue knows the message. The way on is the home
 * page, or `back` (the back office's dashboard), already in the page's language.
 */
export function ErrorPage({ error, back }: { error: unknown; back?: { to: string; label: string } }) {
  const { i18n } = useLingui();
  const translated = useMessage();
  const { status, title, message } = describeError(error);
  useEffect(() => {
    if (isAssetLoadError(error)) reloadAfterAssetFailure();
  }, [error]);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{i18n._(title)}</h1>
      <p className="mt-3 break-words text-slate-700">{translated(message)}</p>
      <Link
        to={back?.to ?? "/"}
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {back?.label ?? i18n._("Go to the home page")}
      </Link>
    </section>
  );
}

import type { MetaDescriptor } from "react-router";
import { PAGE_NOT_FOUND_TITLE, SERVER_ERROR_TITLE } from "../../contracts/messages";
import { pageTitle } from "./meta";

type MatchLike = { id: string; data?: unknown } | undefined;

/** The title of a page whose loader failed (the error boundary shows the rest); never indexed. */
export function errorMeta(matches: readonly MatchLike[], error: unknown): MetaDescriptor[] {
  const status = (error as { status?: number } | undefined)?.status;
  return [
    { title: pageTitle(matches, status === 404 ? PAGE_NOT_FOUND_TITLE : SERVER_ERROR_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

import { data } from "react-router";
import { pageNotFoundMessage } from "../../../contracts/messages";
import { MarkdownHtml } from "../../components/markdown-html";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { errorMeta } from "../../lib/error-meta";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/info";
import { findInfoPage } from "./info.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return errorMeta(matches, error);
  return seoMeta(matches, {
    title: loaderData.page.title,
    description: loaderData.page.description,
    path: `/info/${loaderData.page.slug}`,
  });
};

/** One module for the six /info pages: the slug is the last segment of the path. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const page = await findInfoPage(context, pathname.split("/").pop() ?? "");
  if (!page) throw data(pageNotFoundMessage(pathname), { status: 404 });
  return { page };
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { i18n } = useLingui();
  const { date } = useFormat();
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeading title={page.title}>
        <p className="text-sm">{i18n._("Last updated {date}", { date: date(page.updatedAt) })}</p>
      </PageHeading>
      {/* Staff write the body in Markdown; the server renders and sanitises it. */}
      <MarkdownHtml html={page.html} />
    </article>
  );
}

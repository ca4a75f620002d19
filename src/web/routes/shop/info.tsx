import { data, Link } from "react-router";
import { pageNotFoundMessage } from "../../../contracts/messages";
import { TagsLoaded } from "../../components/consent/tags-loaded";
import { MarkdownHtml } from "../../components/markdown-html";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { errorMeta } from "../../lib/error-meta";
import { useRootData } from "../../lib/root-data";
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

/** The privacy policy's list of what the shop loads from outside and why, from its settings (decision 56). */
function WhatWeLoad() {
  const { i18n } = useLingui();
  const { tags, botCheckSiteKey, googleClientId } = useRootData();
  const configured = tags ? (["gtm", "clarity", "metaPixel"] as const).filter((t) => tags[t]) : [];
  return (
    <section aria-labelledby="what-we-load" className="mt-8 space-y-3">
      <h2 id="what-we-load" className="text-xl font-bold text-slate-900">
        {i18n._("What this shop loads from outside, and why")}
      </h2>
      <TagsLoaded tags={configured} />
      {botCheckSiteKey || googleClientId ? (
        <ul className="list-disc space-y-2 pl-5">
          {botCheckSiteKey ? (
            <li>
              <strong>{i18n._("Cloudflare Turnstile")}</strong>:{" "}
              {i18n._(
                "Checks that a sign-up, a sign-in after wrong passwords or a request for an SMS code comes from a person. Loaded on those forms only, without asking, as it protects your account and the shop.",
              )}
            </li>
          ) : null}
          {googleClientId ? (
            <li>
              <strong>{i18n._("Google sign-in")}</strong>:{" "}
              {i18n._("Loaded on the sign-in forms, for those who choose to sign in with Google.")}
            </li>
          ) : null}
        </ul>
      ) : null}
      {configured.length ? (
        <p>
          <Link to="/consent" className="font-medium text-brand-800 underline">
            {i18n._("Cookie settings")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

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
      {page.slug === "privacy-policy" ? <WhatWeLoad /> : null}
    </article>
  );
}

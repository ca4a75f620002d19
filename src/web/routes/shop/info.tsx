import { data } from "react-router";
import { pageNotFoundMessage } from "../../../contracts/messages";
import { PageHeading } from "../../components/page-heading";
import { errorMeta } from "../../lib/error-meta";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/info";
import { findInfoPage } from "./info.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return errorMeta(matches, error);
  const first = blocks(loaderData.page.body).find((b) => b.type === "p");
  return seoMeta(matches, {
    title: loaderData.page.title,
    description: first?.type === "p" ? first.text : loaderData.page.title,
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

type Block = { type: "h2"; text: string } | { type: "p"; text: string } | { type: "ul"; items: string[] };

/**
 * The page text as staff write it: blank lines between paragraphs, `## ` starts a heading,
 * `- ` a list item. Rendered as plain React text, never as HTML.
 */
function blocks(body: string): Block[] {
  const out: Block[] = [];
  let para: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (para.length) out.push({ type: "p", text: para.join("\n") });
    if (list.length) out.push({ type: "ul", items: list });
    para = [];
    list = [];
  };
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line === "") flush();
    else if (line.startsWith("## ")) {
      flush();
      out.push({ type: "h2", text: line.slice(3).trim() });
    } else if (/^[-*] /.test(line)) {
      if (para.length) flush();
      list.push(line.slice(2).trim());
    } else {
      if (list.length) flush();
      para.push(line);
    }
  }
  flush();
  return out;
}

const dhakaDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Dhaka",
  day: "numeric",
  month: "long",
  year: "numeric",
});

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeading title={page.title}>
        <p className="text-sm">Last updated {dhakaDate.format(new Date(page.updatedAt))}</p>
      </PageHeading>
      <div className="space-y-4 leading-relaxed text-slate-800">
        {blocks(page.body).map((b, i) => {
          const key = `${b.type}-${i}`;
          if (b.type === "h2") {
            return (
              <h2 key={key} className="pt-4 text-xl font-bold text-slate-900">
                {b.text}
              </h2>
            );
          }
          if (b.type === "ul") {
            return (
              <ul key={key} className="list-disc space-y-1 pl-6">
                {b.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items of one fixed text
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          }
          return (
            <p key={key} className="whitespace-pre-line">
              {b.text}
            </p>
          );
        })}
      </div>
    </article>
  );
}

import { Link } from "react-router";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/info-pages";
import { loadInfoPages } from "./info-pages.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Info pages") },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPages(context);
}

export default function InfoPagesPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { dateTime } = useFormat();
  return (
    <div>
      <PageHeading title={i18n._("Info pages")}>
        <p>{i18n._("The shop's six information pages, written in Markdown.")}</p>
      </PageHeading>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {loaderData.items.map((p) => (
          <li key={p.slug} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
            <div className="min-w-0">
              <Link to={`/admin/info-pages/${p.slug}`} className="font-medium text-brand-800 underline">
                {p.title}
              </Link>
              <p className="text-sm text-slate-600">/info/{p.slug}</p>
            </div>
            <p className="text-sm text-slate-700">
              {i18n._("Last updated {when}", { when: dateTime(p.updatedAt) })}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

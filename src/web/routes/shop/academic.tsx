import { TrackPage } from "../../components/catalog/track-page";
import { trackMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/academic";
import { listCatalogWithChoices, parseListQuery } from "./catalog.server";

const TITLE = /*i18n*/ "HSC academic";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? trackMeta(matches, "hsc", TITLE, loaderData.list.page) : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return listCatalogWithChoices(context, parseListQuery(request, { track: "hsc" }));
}

export default function AcademicPage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="hsc" title={TITLE} list={loaderData.list} choices={loaderData.choices} />;
}

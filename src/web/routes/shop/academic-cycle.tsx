import { TrackPage } from "../../components/catalog/track-page";
import { trackMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/academic-cycle";
import { listCatalogWithChoices, parseListQuery } from "./catalog.server";

const TITLE = /*i18n*/ "Academic cycle";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? trackMeta(matches, "cycle", TITLE, loaderData.list.page) : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return listCatalogWithChoices(context, parseListQuery(request, { track: "cycle" }));
}

export default function AcademicCyclePage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="cycle" title={TITLE} list={loaderData.list} choices={loaderData.choices} />;
}

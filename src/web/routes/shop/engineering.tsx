import { TrackPage } from "../../components/catalog/track-page";
import { trackMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/engineering";
import { listCatalogWithChoices, parseListQuery } from "./catalog.server";

const TITLE = /*i18n*/ "Engineering admission";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? trackMeta(matches, "engineering", TITLE, loaderData.list.page) : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return listCatalogWithChoices(context, parseListQuery(request, { track: "engineering" }));
}

export default function EngineeringPage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="engineering" title={TITLE} list={loaderData.list} choices={loaderData.choices} />;
}

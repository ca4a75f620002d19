import { TrackPage } from "../../components/catalog/track-page";
import { trackMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/varsity";
import { listCatalogWithChoices, parseListQuery } from "./catalog.server";

const TITLE = /*i18n*/ "Varsity admission";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? trackMeta(matches, "varsity", TITLE, loaderData.list.page) : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return listCatalogWithChoices(context, parseListQuery(request, { track: "varsity" }));
}

export default function VarsityPage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="varsity" title={TITLE} list={loaderData.list} choices={loaderData.choices} />;
}

import { TrackPage } from "../../components/catalog/track-page";
import { trackMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/medical";
import { listCatalogWithChoices, parseListQuery } from "./catalog.server";

const TITLE = /*i18n*/ "Medical admission";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? trackMeta(matches, "medical", TITLE, loaderData.list.page) : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return listCatalogWithChoices(context, parseListQuery(request, { track: "medical" }));
}

export default function MedicalPage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="medical" title={TITLE} list={loaderData.list} choices={loaderData.choices} />;
}

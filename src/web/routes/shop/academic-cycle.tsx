import { TRACK_INFO } from "../../../contracts/catalog";
import { TrackPage } from "../../components/catalog/track-page";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/academic-cycle";
import { listCatalog, parseListQuery } from "./catalog.server";

const TITLE = "Academic cycle";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: TITLE,
        description: `${TRACK_INFO.cycle.blurb}: books, bundles, e-books and courses.`,
        path: "/academic/cycle",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return { list: await listCatalog(context, parseListQuery(request, { track: "cycle" })) };
}

export default function AcademicCyclePage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="cycle" title={TITLE} list={loaderData.list} />;
}

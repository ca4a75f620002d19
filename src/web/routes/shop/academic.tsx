import { TRACK_INFO } from "../../../contracts/catalog";
import { TrackPage } from "../../components/catalog/track-page";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/academic";
import { listCatalog, parseListQuery } from "./catalog.server";

const TITLE = "HSC academic";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: TITLE,
        description: `${TRACK_INFO.hsc.blurb}: books, bundles, e-books and courses.`,
        path: "/academic",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return { list: await listCatalog(context, parseListQuery(request, { track: "hsc" })) };
}

export default function AcademicPage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="hsc" title={TITLE} list={loaderData.list} />;
}

import { TRACK_INFO } from "../../../contracts/catalog";
import { TrackPage } from "../../components/catalog/track-page";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/varsity";
import { listCatalog, parseListQuery } from "./catalog.server";

const TITLE = "Varsity admission";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: TITLE,
        description: `${TRACK_INFO.varsity.blurb}: books, bundles, e-books and courses.`,
        path: "/varsity",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return { list: await listCatalog(context, parseListQuery(request, { track: "varsity" })) };
}

export default function VarsityPage({ loaderData }: Route.ComponentProps) {
  return <TrackPage track="varsity" title={TITLE} list={loaderData.list} />;
}

import { data } from "react-router";
import { PAGE_NOT_FOUND_TITLE, pageNotFoundMessage } from "../../contracts/messages";
import { translate } from "../i18n";
import { pageLocale } from "../lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), PAGE_NOT_FOUND_TITLE) },
  { name: "robots", content: "noindex" },
];

/** A path with no route is a 404 with `Page not found: {path}`. */
export function loader({ request }: Route.LoaderArgs) {
  throw data(pageNotFoundMessage(new URL(request.url).pathname), { status: 404 });
}

export default function NotFound() {
  return null;
}

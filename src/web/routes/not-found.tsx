import { data } from "react-router";
import { pageNotFoundMessage } from "../../contracts/messages";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page Not Found" },
  { name: "robots", content: "noindex" },
];

/** A path with no route is a 404 with `Page not found: {path}`. */
export function loader({ request }: Route.LoaderArgs) {
  throw data(pageNotFoundMessage(new URL(request.url).pathname), { status: 404 });
}

export default function NotFound() {
  return null;
}

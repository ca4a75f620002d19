import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/tracking";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Track your parcel") }];

export default function TrackYourParcelPage() {
  return <PageHeading title="Track your parcel" />;
}

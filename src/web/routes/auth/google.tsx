import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/google";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Sign in with Google") },
];

export default function SignInWithGooglePage() {
  return <PageHeading title="Sign in with Google" />;
}

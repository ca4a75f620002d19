import { Form, useActionData, useLocation } from "react-router";
import { TagsLoaded } from "../../components/consent/tags-loaded";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/field";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/consent";
import { consentAction, consentPage } from "./consent.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Cookies and tags") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return consentPage(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return consentAction(context, request);
}

/**
 * The cookie settings (the footer's "Cookie settings", the notice's "Choose"): what the shop
 * loads and why, and the choice, changed or withdrawn here at any time. A form first (decision
 * 53): it posts to this route's action, which keeps the choice and comes back to the page named
 * in `back`.
 */
export default function ConsentPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const refused = useActionData<typeof action>();
  const { search } = useLocation();
  // Back to the page that sent here (the notice's "Choose"), else this page with the message.
  const back = new URLSearchParams(search).get("back") ?? "/consent";
  const { tags, consent } = loaderData;
  const box = "mt-1 h-5 w-5 shrink-0 accent-brand-700";
  return (
    <article className="mx-auto max-w-2xl space-y-6">
      <PageHeading title={i18n._("Cookies and tags")} />
      <p>
        {i18n._(
          "The shop needs a few cookies of its own to work (your session, your cart, your language); they are always on. Anything from outside the shop loads only if you allow it:",
        )}
      </p>
      <TagsLoaded tags={tags} />
      {tags.length > 0 && (
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <input type="hidden" name="back" value={back} />
          {refused && !refused.ok ? <FormMessage>{refused.message}</FormMessage> : null}
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="analytics"
              defaultChecked={consent?.analytics ?? false}
              className={box}
            />
            <span>
              <span className="font-semibold">{i18n._("Analytics")}</span>
              <span className="block text-sm text-slate-600">
                {i18n._("Visits, searches and session recordings, to improve the shop.")}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-3">
            <input type="checkbox" name="ads" defaultChecked={consent?.ads ?? false} className={box} />
            <span>
              <span className="font-semibold">{i18n._("Ads measurement")}</span>
              <span className="block text-sm text-slate-600">
                {i18n._("Which of our ads led you here and to a purchase.")}
              </span>
            </span>
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="choice" value="choose">
              {i18n._("Save my choice")}
            </Button>
            <Button type="submit" name="choice" value="accept" variant="secondary">
              {i18n._("Accept all")}
            </Button>
            <Button type="submit" name="choice" value="decline" variant="secondary">
              {i18n._("Decline all")}
            </Button>
          </div>
          <p className="text-sm text-slate-600">
            {consent
              ? i18n._("You can change or withdraw your choice here at any time.")
              : i18n._("Nothing is loaded until you choose.")}
          </p>
        </Form>
      )}
    </article>
  );
}

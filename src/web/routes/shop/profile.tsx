import { Form, Link } from "react-router";
import { AddressBook } from "../../components/account/address-book";
import { StoreCreditHistory } from "../../components/account/store-credit-history";
import { useHscBatchLabel } from "../../components/auth/account-fields";
import { PasswordChangeForm } from "../../components/auth/account-forms";
import { SignOutButton } from "../../components/layout/sign-out-button";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useLingui } from "../../i18n";
import { getApp } from "../../lib/app-context.server";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/profile";
import { loadAddresses } from "./addresses.server";
import { cartReminderAction, loadCartReminders } from "./profile.server";
import { loadMyStoreCredit } from "./store-credit.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "My profile") },
];

export async function loader({ context }: Route.LoaderArgs) {
  // The auth guard above has run: there is a user.
  const [addresses, credit, cartReminders] = await Promise.all([
    loadAddresses(context),
    loadMyStoreCredit(context),
    loadCartReminders(context),
  ]);
  return { user: getApp(context).ctx.user!, addresses, credit, cartReminders };
}

export async function action({ context, request }: Route.ActionArgs) {
  return cartReminderAction(context, request);
}

/**
 * The forgotten-cart SMS, off until the customer turns it on: one button that turns it to the
 * other setting (a form, so it works before the page's scripts).
 */
function CartReminderSetting({ on, phone }: { on: boolean; phone: string | null }) {
  const { i18n } = useLingui();
  return (
    <section id="texts" className="mt-10 border-t border-slate-200 pt-6" aria-labelledby="texts-heading">
      <h2 id="texts-heading" className="mb-2 text-lg font-semibold text-slate-900">
        {i18n._("Text messages")}
      </h2>
      <p className="text-slate-800">
        {i18n._(
          "A reminder of a cart you leave: one SMS when items have waited in it for 24 hours, never between 10 pm and 8 am, and none once you order.",
        )}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="on" value={on ? "false" : "true"} />
        <p className="font-semibold text-slate-900" aria-live="polite">
          {on ? i18n._("Cart reminder: on") : i18n._("Cart reminder: off")}
        </p>
        <button type="submit" className={buttonClass(on ? "secondary" : "primary")}>
          {on ? i18n._("Turn off") : i18n._("Turn on")}
        </button>
      </Form>
      {phone ? null : (
        <p className="mt-2 text-sm text-slate-700">{i18n._("Add your phone number to get it.")}</p>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 border-b border-slate-100 py-3 sm:grid-cols-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const batchLabel = useHscBatchLabel();
  const { user } = loaderData;
  const notSet = i18n._("Not set");
  return (
    <div className="mx-auto max-w-xl">
      <PageHeading title={i18n._("My profile")} />
      <dl>
        <Row label={i18n._("Name")}>{user.name}</Row>
        <Row label={i18n._("Phone")}>
          {user.phone ?? notSet}{" "}
          {user.phone ? (
            user.phone_verified ? (
              <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                {i18n._("Verified")}
              </span>
            ) : (
              <Link to="/auth/verify" className="ml-2 text-sm font-semibold text-brand-800 underline">
                {i18n._("Verify now")}
              </Link>
            )
          ) : null}
        </Row>
        <Row label={i18n._("Email")}>
          <span>{user.email ?? notSet}</span>
          {user.email ? (
            user.email_confirmed ? (
              <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                {i18n._("Confirmed")}
              </span>
            ) : (
              <Link to="/edit" className="ml-2 text-sm font-semibold text-brand-800 underline">
                {i18n._("Not confirmed: confirm it")}
              </Link>
            )
          ) : null}
        </Row>
        <Row label={i18n._("HSC batch")}>{user.hsc_batch ? batchLabel(user.hsc_batch) : notSet}</Row>
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/edit" className={buttonClass("primary")}>
          {i18n._("Edit profile")}
        </Link>
        <Link to="/orders" className={buttonClass("secondary")}>
          {i18n._("My orders")}
        </Link>
        <Link to="/wishlist" className={buttonClass("secondary")}>
          {i18n._("My wishlist")}
        </Link>
        <Link to="/ebook/library" className={buttonClass("secondary")}>
          {i18n._("My e-books")}
        </Link>
        {/* The account menu's sign-out, here too: the menu needs the page's scripts. */}
        <SignOutButton className={buttonClass("ghost")} />
      </div>
      <section
        id="store-credit"
        className="mt-10 border-t border-slate-200 pt-6"
        aria-labelledby="store-credit-heading"
      >
        <h2 id="store-credit-heading" className="text-lg font-semibold text-slate-900">
          {i18n._("Store credit")}
        </h2>
        <p className="mb-2 text-sm text-slate-700">
          {i18n._("Spend it at checkout.")}{" "}
          <Link to="/reports" className="font-semibold text-brand-800 underline">
            {i18n._("Earn more by sharing your link")}
          </Link>
        </p>
        <StoreCreditHistory credit={loaderData.credit} />
      </section>
      <CartReminderSetting on={loaderData.cartReminders} phone={user.phone} />
      <section className="mt-10 max-w-sm border-t border-slate-200 pt-6" aria-labelledby="password-heading">
        <h2 id="password-heading" className="mb-4 text-lg font-semibold text-slate-900">
          {i18n._("Change password")}
        </h2>
        <PasswordChangeForm />
        <p className="mt-4 text-sm text-slate-700">
          {i18n._("Forgot your current password?")}{" "}
          <Link to="/auth/forget" className="font-semibold text-brand-800 underline">
            {i18n._("Reset it by SMS")}
          </Link>
        </p>
      </section>
      <AddressBook addresses={loaderData.addresses} fallback={{ name: user.name, phone: user.phone ?? "" }} />
    </div>
  );
}

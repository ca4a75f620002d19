import { Link } from "react-router";
import { isStaff } from "../../../contracts/permissions";
import type { PublicUser } from "../../../contracts/user";
import { useLingui } from "../../i18n";
import { SignOutButton } from "./sign-out-button";

const item = "block min-h-11 w-full px-4 py-3 text-left text-sm text-slate-800 hover:bg-slate-100";

/** The account menu's list (account-menu.tsx), loaded with the first pointer or focus on its button. */
export default function AccountMenuPanel({ user, id }: { user: PublicUser; id: string }) {
  const { i18n } = useLingui();
  return (
    <div
      id={id}
      className="absolute right-0 z-30 mt-1 w-56 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
    >
      <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
        {i18n._("Signed in as")}{" "}
        <span className="font-medium text-slate-900">{user.phone ?? user.email}</span>
      </p>
      <Link to="/profile" className={item}>
        {i18n._("My profile")}
      </Link>
      <Link to="/orders" className={item}>
        {i18n._("My orders")}
      </Link>
      <Link to="/wishlist" className={item}>
        {i18n._("My wishlist")}
      </Link>
      <Link to="/ebook/library" className={item}>
        {i18n._("My e-books")}
      </Link>
      {isStaff(user) ? (
        <Link to="/admin" className={item} reloadDocument>
          {i18n._("Admin")}
        </Link>
      ) : null}
      <SignOutButton className={item} />
    </div>
  );
}

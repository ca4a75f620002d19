import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { ADMIN_AREA_LABELS, ADMIN_AREAS, type AdminArea } from "../../../contracts/permissions";
import { type PublicUser, ROLES, type Role } from "../../../contracts/user";
import { ROLE_WORDS } from "../../components/admin/role-words";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/users-authority";
import { loadAuthority } from "./users-authority.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Authority") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAuthority(context, new URL(request.url).searchParams.get("phone"));
}

function AuthorityRow({ user, isMe }: { user: PublicUser; isMe: boolean }) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [role, setRole] = useState<Role>(user.role);
  const [perms, setPerms] = useState<Set<string>>(new Set(user.permissions));
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const res = await api("PUT", `/api/admin/users/${user.id}/authority`, {
        role,
        permissions: [...perms],
      });
      toast({
        title: res.message,
        description: i18n._("{name} is now {role}", { name: user.name, role: i18n._(ROLE_WORDS[role]) }),
      });
      await revalidator.revalidate();
    } catch (err) {
      toast({ variant: "destructive", title: i18n._("Not saved"), description: (err as Error).message });
    } finally {
      setSaving(false);
    }
  }

  const toggle = (a: AdminArea) =>
    setPerms((p) => {
      const n = new Set(p);
      if (n.has(a)) n.delete(a);
      else n.add(a);
      return n;
    });

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {user.name} <span className="font-normal text-slate-600">{user.phone ?? user.email}</span>
        </p>
        <label className="flex items-center gap-2 text-sm">
          {i18n._("Role")}
          <select
            value={role}
            disabled={isMe}
            onChange={(e) => setRole(e.target.value as Role)}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-2"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {i18n._(ROLE_WORDS[r])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {role === "staff" ? (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-slate-700">{i18n._("Permissions")}</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-5">
            {ADMIN_AREAS.map((a) => (
              <label key={a} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={perms.has(a)}
                  onChange={() => toggle(a)}
                  className="h-4 w-4"
                />
                {i18n._(ADMIN_AREA_LABELS[a])}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {role === "admin"
            ? i18n._("Admins can open every area and change authority.")
            : i18n._("Customers have no staff access.")}
        </p>
      )}
      {isMe ? (
        <p className="mt-2 text-sm text-slate-600">
          {i18n._("This is you: another admin must change your role.")}
        </p>
      ) : (
        <Button loading={saving} onClick={save} className="mt-3">
          {i18n._("Save")}
        </Button>
      )}
    </li>
  );
}

export default function AuthorityPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { staff, me, query, found, queryValid } = loaderData;
  return (
    <div className="max-w-4xl">
      <PageHeading title={i18n._("Authority")}>
        <p>{i18n._("Give staff the areas they work in. Every change is written to the audit log.")}</p>
      </PageHeading>
      <Form method="get" className="mb-6 flex max-w-md flex-wrap items-end gap-2">
        <label className="flex-1">
          <span className="mb-1 block text-sm font-medium">{i18n._("Add a person by phone")}</span>
          <input
            name="phone"
            type="tel"
            defaultValue={query}
            placeholder="01XXXXXXXXX"
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
          />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          {i18n._("Find")}
        </button>
      </Form>
      {query && !queryValid ? <p className="mb-4 text-red-700">{i18n._("Invalid phone number")}</p> : null}
      {query && queryValid && !found ? (
        <p className="mb-4 text-slate-700">
          {i18n._("No account has the number {phone}.", { phone: query })}
        </p>
      ) : null}
      <ul className="space-y-3">
        {found && !staff.some((s) => s.id === found.id) ? (
          <AuthorityRow key={`f${found.id}`} user={found} isMe={false} />
        ) : null}
        {staff.map((u) => (
          <AuthorityRow key={`${u.id}-${u.role}-${u.permissions.join()}`} user={u} isMe={u.id === me} />
        ))}
      </ul>
    </div>
  );
}

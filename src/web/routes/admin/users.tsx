import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";
import type { AdminUser } from "../../../contracts/user";
import { DataTable, FilterSelect } from "../../components/admin/data-table";
import type { CellWords } from "../../components/admin/product-columns";
import { ROLE_WORDS } from "../../components/admin/role-words";
import { PageHeading } from "../../components/page-heading";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/users";
import { loadUsers } from "./users.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Users") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsers(context, request);
}

const col = createColumnHelper<AdminUser>();
const userColumns = ({ i18n, date }: CellWords) => [
  col.accessor("name", {
    header: /*i18n*/ "Name",
    meta: { sort: "name", cardTitle: true },
    cell: ({ row }) => (
      <Link to={`/admin/users/${row.original.id}`} className="font-medium text-brand-800 underline">
        {row.original.name}
      </Link>
    ),
  }),
  col.accessor("phone", {
    header: /*i18n*/ "Phone",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.phone ?? "—"}
        {row.original.phoneVerified ? (
          <span className="ml-1 text-emerald-800" title={i18n._("Phone verified")}>
            ✓<span className="sr-only"> {i18n._("verified")}</span>
          </span>
        ) : null}
      </span>
    ),
  }),
  col.accessor("email", { header: /*i18n*/ "Email", cell: ({ getValue }) => getValue() ?? "—" }),
  col.accessor("hscBatch", {
    header: /*i18n*/ "HSC batch",
    // "Others" is a word of the batch list; "HSC 2026" reads the same in both languages.
    cell: ({ getValue }) => {
      const batch = getValue();
      return batch ? translateMessage(i18n, batch) : "—";
    },
  }),
  col.accessor("role", {
    header: /*i18n*/ "Role",
    cell: ({ getValue }) => i18n._(ROLE_WORDS[getValue()]),
  }),
  col.accessor("blockedAt", {
    header: /*i18n*/ "Status",
    cell: ({ getValue }) =>
      getValue() ? (
        <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
          {i18n._("Blocked")}
        </span>
      ) : (
        <span className="text-slate-700">{i18n._("Active")}</span>
      ),
  }),
  col.accessor("createdAt", {
    header: /*i18n*/ "Joined",
    meta: { sort: "createdAt" },
    cell: ({ getValue }) => <span className="whitespace-nowrap">{date(getValue())}</span>,
  }),
];

const YES_NO = [
  { value: "true", label: /*i18n*/ "Yes" },
  { value: "false", label: /*i18n*/ "No" },
];

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the formats change only with format.locale
  const columns = useMemo(() => userColumns({ i18n, ...format }), [i18n, format.locale]);
  const roles = (["customer", "staff", "admin"] as const).map((r) => ({
    value: r,
    label: i18n._(ROLE_WORDS[r]),
  }));
  const yesNo = YES_NO.map((o) => ({ value: o.value, label: i18n._(o.label) }));
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("Users")}>
        <p>{i18n._("{count} accounts", { count: format.number(page.total) })}</p>
      </PageHeading>
      <DataTable
        label={i18n._("Users")}
        columns={columns}
        page={page}
        sort={query?.sort ?? "-createdAt"}
        getRowId={(u) => u.id}
        searchLabel={i18n._("Search name, phone or email")}
        filters={
          <>
            <FilterSelect name="role" label={i18n._("Role")} options={roles} />
            <FilterSelect name="blocked" label={i18n._("Blocked")} options={yesNo} />
            <FilterSelect name="phoneVerified" label={i18n._("Phone verified")} options={yesNo} />
          </>
        }
        emptyMessage={
          query?.q
            ? i18n._("No account matches “{query}”.", { query: query.q })
            : i18n._("No account matches this view.")
        }
        error={error}
      />
    </div>
  );
}

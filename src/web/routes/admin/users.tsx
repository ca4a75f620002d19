import { Form, Link } from "react-router";
import { pageQuery } from "../../../contracts/paging";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/users";
import { loadUsers } from "./users.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Users") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = pageQuery.safeParse(Object.fromEntries(url.searchParams));
  const { page, limit } = parsed.success ? parsed.data : { page: 1, limit: 20 };
  const q = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const result = await loadUsers(context, { q, page, limit });
  return { ...result, q };
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, limit, q } = loaderData;
  const pages = Math.max(1, Math.ceil(total / limit));
  const link = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <div>
      <PageHeading title="Users">
        <p>{total} accounts</p>
      </PageHeading>
      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <label className="flex-1">
          <span className="sr-only">Search by name, phone or email</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Name, phone or email"
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
          />
        </label>
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </Form>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Phone</th>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">HSC batch</th>
              <th className="px-3 py-2">Role</th>
            </tr>
          </thead>
          <tbody>
            {items.map((u) => (
              <tr key={u.id} className="border-t border-slate-100">
                <td className="px-3 py-2 font-medium">{u.name}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {u.phone ?? "—"} {u.phone_verified ? <span className="text-emerald-800">✓</span> : null}
                </td>
                <td className="px-3 py-2">{u.email ?? "—"}</td>
                <td className="px-3 py-2 whitespace-nowrap">{u.hsc_batch ?? "—"}</td>
                <td className="px-3 py-2 capitalize">{u.role}</td>
              </tr>
            ))}
            {items.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-600">
                  No account matches “{q}”.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
        {page > 1 ? <Link to={link(page - 1)}>← Previous</Link> : null}
        <span>
          Page {page} of {pages}
        </span>
        {page < pages ? <Link to={link(page + 1)}>Next →</Link> : null}
      </nav>
    </div>
  );
}

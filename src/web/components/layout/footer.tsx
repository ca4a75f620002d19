import { Link } from "react-router";
import { useFormat, useLingui } from "../../i18n";
import { useRootData } from "../../lib/root-data";

export const INFO_PAGES = [
  { path: "/info/about", label: /*i18n*/ "About us" },
  { path: "/info/contact", label: /*i18n*/ "Contact" },
  { path: "/info/termsandconditions", label: /*i18n*/ "Terms and conditions" },
  { path: "/info/privacy-policy", label: /*i18n*/ "Privacy policy" },
  { path: "/info/refund", label: /*i18n*/ "Refund policy" },
  { path: "/info/cancelation", label: /*i18n*/ "Cancellation policy" },
] as const;

export function Footer() {
  const { shopName, tags } = useRootData();
  const { i18n } = useLingui();
  const { year } = useFormat();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <nav aria-label={i18n._("Information")}>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {INFO_PAGES.map((p) => (
              <li key={p.path}>
                <Link
                  to={p.path}
                  className="inline-block py-2 text-sm text-slate-700 hover:text-brand-800 hover:underline"
                >
                  {i18n._(p.label)}
                </Link>
              </li>
            ))}
            {tags ? (
              <li>
                <Link
                  to="/consent"
                  className="inline-block py-2 text-sm text-slate-700 hover:text-brand-800 hover:underline"
                >
                  {i18n._("Cookie settings")}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className="mt-6 text-sm text-slate-600">
          © {year(new Date().getFullYear())} {shopName}.{" "}
          {i18n._("Books, e-books and study material for HSC and admission students in Bangladesh.")}
        </p>
      </div>
    </footer>
  );
}

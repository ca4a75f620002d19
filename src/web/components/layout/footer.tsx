import { Link } from "react-router";
import { useRootData } from "../../lib/root-data";

export const INFO_PAGES = [
  { path: "/info/about", label: "About us" },
  { path: "/info/contact", label: "Contact" },
  { path: "/info/termsandconditions", label: "Terms and conditions" },
  { path: "/info/privacy-policy", label: "Privacy policy" },
  { path: "/info/refund", label: "Refund policy" },
  { path: "/info/cancelation", label: "Cancellation policy" },
] as const;

export function Footer() {
  const { shopName } = useRootData();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <nav aria-label="Information">
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {INFO_PAGES.map((p) => (
              <li key={p.path}>
                <Link
                  to={p.path}
                  className="inline-block py-2 text-sm text-slate-700 hover:text-brand-800 hover:underline"
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-sm text-slate-600">
          © {new Date().getFullYear()} {shopName}. Books, e-books and study material for HSC and admission
          students in Bangladesh.
        </p>
      </div>
    </footer>
  );
}

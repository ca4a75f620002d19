import { Outlet } from "react-router";

/** Payment result, print and invoice pages: no header, no footer. */
export default function BlankLayout() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 print:p-0">
      <Outlet />
    </main>
  );
}

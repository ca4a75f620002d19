import { Footer } from "./footer";
import { Header } from "./header";

/** The default layout: header, main, footer. */
export function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-4">
        {children}
      </main>
      <Footer />
    </div>
  );
}

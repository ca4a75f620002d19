import { Link } from "react-router";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches) },
  {
    name: "description",
    content:
      "Books, e-books, bundles, stationery and learning content for HSC and university admission students in Bangladesh.",
  },
];

const TRACKS = [
  { to: "/academic", title: "HSC academic", text: "Textbooks and guides for every HSC subject" },
  { to: "/engineering", title: "Engineering", text: "BUET, CKRUET and engineering admission" },
  { to: "/medical", title: "Medical", text: "MBBS and dental admission preparation" },
  { to: "/varsity", title: "Varsity", text: "Dhaka University and other varsity tests" },
];

const SHELVES = [
  { to: "/ebook", title: "E-books", text: "Read in your browser, on any phone" },
  { to: "/bundle", title: "Bundles", text: "Complete sets at a lower price" },
  { to: "/content", title: "Learning content", text: "Chapters of video, PDF and notes" },
  { to: "/stationery", title: "Stationery", text: "Pens, notebooks and exam kits" },
];

function Tile({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <li>
      <Link
        to={to}
        className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-700 hover:shadow-sm"
      >
        <span className="block font-semibold text-brand-800">{title}</span>
        <span className="mt-1 block text-sm text-slate-700">{text}</span>
      </Link>
    </li>
  );
}

export default function Home() {
  return (
    <div className="space-y-10">
      <section className="rounded-xl bg-brand-700 px-5 py-8 text-white sm:px-8 sm:py-12">
        <h1 className="max-w-2xl text-2xl font-bold sm:text-4xl">
          Books and study material for HSC and admission students
        </h1>
        <p className="mt-3 max-w-xl text-brand-50">
          Printed books delivered across Bangladesh, e-books you read on your phone, and bundles for every
          exam.
        </p>
      </section>
      <section aria-labelledby="tracks">
        <h2 id="tracks" className="mb-3 text-xl font-bold">
          Academic tracks
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {TRACKS.map((t) => (
            <Tile key={t.to} {...t} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="shelves">
        <h2 id="shelves" className="mb-3 text-xl font-bold">
          Shop by kind
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {SHELVES.map((t) => (
            <Tile key={t.to} {...t} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The route table as React Router sees it, for tests: which route a path reaches and the pattern
 * the router hands to middleware and loaders. Used by tests only.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import routes from "./routes";

export type RouteLeaf = {
  /** As the router gives it to middleware (`pattern`): the matched paths joined, e.g. "admin/orders/:id". */
  pattern: string;
  file: string;
  /** The layout files above the route, outermost first. */
  layouts: string[];
};

/** The paths of matched routes joined as React Router joins them for `pattern`. */
function joinPattern(paths: (string | undefined)[]): string {
  return paths.filter(Boolean).join("/").replace(/\/\/+/g, "/") || "/";
}

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) => {
    const id = e.id ?? e.file;
    if (e.index) return { id, index: true, path: e.path, caseSensitive: e.caseSensitive };
    return { id, path: e.path, caseSensitive: e.caseSensitive, children: toRouteObjects(e.children ?? []) };
  });
}

// The framework's root route (root.tsx) has the path "" above every route of the table.
const tree: RouteObject[] = [{ id: "root", path: "", children: toRouteObjects(routes) }];

/** Every route that renders a page (no children), with its pattern and the layouts above it. */
export function listRouteLeaves(): RouteLeaf[] {
  const out: RouteLeaf[] = [];
  const walk = (entries: RouteConfigEntry[], paths: string[], layouts: string[]) => {
    for (const e of entries) {
      const here = [...paths, e.path ?? ""];
      if (e.children?.length) walk(e.children, here, e.path ? layouts : [...layouts, e.file]);
      else out.push({ pattern: joinPattern(here), file: e.file, layouts });
    }
  };
  walk(routes, [""], []);
  return out;
}

/**
 * The pattern of the route React Router matches for a URL path (decoded, without regard to case),
 * with the ids (files) of the matched routes; undefined when nothing matches.
 */
export function matchRoute(pathname: string): { pattern: string; ids: string[] } | undefined {
  const matches = matchRoutes(tree, pathname);
  if (!matches) return undefined;
  return {
    pattern: joinPattern(matches.map((m) => m.route.path)),
    ids: matches.map((m) => m.route.id ?? ""),
  };
}

import { Hono } from "hono";
import { myLibrarySchema } from "../../../contracts/answers/orders";
import { listMyLibrary } from "../../services/reading/entitlements";
import { type Endpoint, okAnswer, signedIn } from "../endpoint";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** The signed-in user's e-books and courses. */
export function libraryApi() {
  const api = new Hono<AppEnv>();
  api.get("/library", async (c) => ok(c, await listMyLibrary(c.get("ctx"))));
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const libraryEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/library",
    tag: "Library",
    summary: "The caller's e-books and courses",
    access: signedIn,
    success: [okAnswer("What the caller owns", myLibrarySchema)],
  },
];

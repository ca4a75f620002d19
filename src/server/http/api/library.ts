import { Hono } from "hono";
import { listMyLibrary } from "../../services/reading/entitlements";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** The signed-in user's e-books and courses. */
export function libraryApi() {
  const api = new Hono<AppEnv>();
  api.get("/library", async (c) => ok(c, await listMyLibrary(c.get("ctx"))));
  return api;
}

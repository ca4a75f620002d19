import type { Context } from "hono";
import { RouterContextProvider } from "react-router";
import { createApp } from "../../src/server/http/app";
import type { AppEnv } from "../../src/server/http/env";
import { appContextOf } from "../../src/server/http/pages";
import { appContext } from "../../src/web/lib/app-context.server";
import type { Harness } from "./harness";

/** A route's action as React Router calls it (the `*.server.ts` function behind `export async function action`). */
export type PageAction = (context: Readonly<RouterContextProvider>, request: Request) => Promise<unknown>;

const isDataWithInit = (v: unknown): v is { data: unknown; init: ResponseInit | null } =>
  !!v &&
  typeof v === "object" &&
  "data" in v &&
  "init" in v &&
  (v as { type?: string }).type === "DataWithResponseInit";

function answer(v: unknown): Response {
  if (v instanceof Response) return v;
  if (isDataWithInit(v)) return Response.json(v.data, { status: v.init?.status ?? 200 });
  return Response.json(v ?? null);
}

/**
 * The shop's server with its page pipeline (Origin check, session, flash, the add kept from before
 * signing in, the public page cache) in front of the given route actions, called with the context
 * React Router would give them. A GET answers what the page would know: the caller and the flash.
 * Tests post real forms to it, as a browser without JavaScript does.
 */
export function pageForms(h: Harness, actions: Record<string, PageAction>) {
  const app = createApp({
    deps: h.deps,
    database: h.database,
    buildVersion: "test",
    pages: async (c: Context<AppEnv>) => {
      const context = new RouterContextProvider();
      context.set(appContext, appContextOf(c, "test"));
      if (c.req.method === "GET") {
        return Response.json({ user: c.get("user")?.id ?? null, flash: c.get("flash") ?? null });
      }
      const action = actions[c.req.path];
      if (!action) return new Response("Method Not Allowed", { status: 405 });
      try {
        return answer(await action(context, c.req.raw));
      } catch (thrown) {
        if (thrown instanceof Response || isDataWithInit(thrown)) return answer(thrown);
        throw thrown;
      }
    },
  });
  let ip = 0;
  return {
    /** Posts a form as a browser does: urlencoded, from the shop's own origin unless told otherwise. */
    async post(
      path: string,
      fields: Record<string, string>,
      opts: { cookie?: string; origin?: string } = {},
    ) {
      const headers: Record<string, string> = {
        "content-type": "application/x-www-form-urlencoded",
        origin: opts.origin ?? "http://localhost",
        "x-forwarded-for": `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
      };
      if (opts.cookie) headers.cookie = opts.cookie;
      const res = await app.request(path, {
        method: "POST",
        headers,
        body: new URLSearchParams(fields).toString(),
      });
      return {
        status: res.status,
        location: res.headers.get("location"),
        setCookie: res.headers.getSetCookie(),
        text: await res.text(),
      };
    },
    async get(path: string, cookie?: string) {
      const res = await app.request(path, { headers: cookie ? { cookie } : {} });
      return {
        status: res.status,
        setCookie: res.headers.getSetCookie(),
        body: (await res.json()) as { user: number | null; flash: unknown },
      };
    },
  };
}

/** The cookies a browser would send next: the given ones, with those an answer set (or cleared) applied. */
export function withCookies(cookie: string | undefined, setCookie: string[]): string {
  const jar = new Map<string, string>();
  for (const part of (cookie ?? "").split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0) jar.set(part.slice(0, i), part.slice(i + 1));
  }
  for (const line of setCookie) {
    const [pair = "", ...attrs] = line.split(/;\s*/);
    const i = pair.indexOf("=");
    const name = pair.slice(0, i);
    const gone = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
    if (gone) jar.delete(name);
    else jar.set(name, pair.slice(i + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The flash message a redirect's cookie carries, decoded. */
export function flashOf(setCookie: string[]): unknown {
  const line = setCookie.find((l) => l.startsWith("pathagar_flash="));
  if (!line) return null;
  const raw = line.slice("pathagar_flash=".length).split(";")[0] ?? "";
  return JSON.parse(decodeURIComponent(raw));
}

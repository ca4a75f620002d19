import { serialize } from "hono/utils/cookie";
import { encodePending, PENDING_TTL_MS } from "../../contracts/pending";
import { toEnvelope } from "../../server/http/middleware/errors";
import { redirectWithFlash } from "./actions.server";
import type { AppContextValue } from "./app-context.server";

/** A schema as `keepForAfterSignIn` asks it: zod's `safeParse`. */
type Checks<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
};

/**
 * A form a signed-out visitor posted, kept for after sign-in (contracts/pending.ts): checked by its
 * endpoint's schema first, so a bad form is `refused` at once with the schema's message and
 * nothing is kept; else what `keep` takes of it is kept in `cookie` for half an hour, and the
 * visitor is sent to sign in and back to `back`, told why (`title`). The first page they open
 * signed in makes it (http/middleware/pending.ts).
 */
export function keepForAfterSignIn<T, R>(
  app: AppContextValue,
  k: {
    schema: Checks<T>;
    input: unknown;
    keep: (v: T) => object;
    cookie: string;
    back: string;
    title: string;
    refused: (message: string) => R;
  },
): Response | R {
  const parsed = k.schema.safeParse(k.input);
  if (!parsed.success) return k.refused(toEnvelope(parsed.error).message);
  const kept = serialize(k.cookie, encodePending({ ...k.keep(parsed.data), at: app.ctx.now().getTime() }), {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: app.ctx.config.production,
    maxAge: PENDING_TTL_MS / 1000,
  });
  return redirectWithFlash(app, `/auth/login?redirect=${encodeURIComponent(k.back)}`, { title: k.title }, [
    ["Set-Cookie", kept],
  ]);
}

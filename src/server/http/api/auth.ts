import { type Context, Hono } from "hono";
import type { Config } from "../../config";
import { requireSignedIn } from "../../services/access";
import {
  changePassword,
  confirmEmailChange,
  confirmPhoneVerification,
  requestEmailChange,
  requestPasswordReset,
  requestPhoneVerification,
  resetPassword,
  updateName,
} from "../../services/accounts/accounts";
import { signInWithGoogle } from "../../services/accounts/google-sign-in";
import { deleteSession } from "../../services/accounts/sessions";
import { authenticate, signUp, updateProfile } from "../../services/accounts/users";
import type { AppEnv } from "../env";
import { clearSessionCookie, startSession } from "../middleware/session";
import { ok, readJson, send } from "../respond";

export const RESET_SENT = "If this number has an account, we have sent it a 6-digit code.";
export const EMAIL_CONFIRMED = "Your email address is confirmed";

export function authApi(config: Config) {
  const api = new Hono<AppEnv>();

  /** The caller is signed in as `userId` from now on: a new session, its cookie on the answer. */
  async function signIn(c: Context<AppEnv>, userId: number) {
    const cookie = await startSession(c.get("ctx"), userId, c.req.header("user-agent"));
    c.header("Set-Cookie", cookie, { append: true });
  }

  api.post("/auth/register", async (c) => {
    const ctx = c.get("ctx");
    const user = await signUp(ctx, (await readJson(c)) as never);
    await signIn(c, user.id);
    return send(c, 201, "Your account is ready", user);
  });

  api.post("/auth/login", async (c) => {
    const ctx = c.get("ctx");
    const user = await authenticate(ctx, (await readJson(c)) as never);
    await signIn(c, user.id);
    return ok(c, user, "Signed in");
  });

  api.post("/auth/google", async (c) => {
    const ctx = c.get("ctx");
    const { user, created } = await signInWithGoogle(ctx, await readJson(c));
    await signIn(c, user.id);
    return created ? send(c, 201, "Your account is ready", user) : ok(c, user, "Signed in");
  });

  api.post("/auth/logout", async (c) => {
    const token = c.get("sessionToken");
    if (token) await deleteSession(c.get("ctx"), token);
    clearSessionCookie(c, config);
    return ok(c, undefined, "Signed out");
  });

  api.post("/auth/update", async (c) => {
    const user = await updateProfile(c.get("ctx"), await readJson(c));
    return ok(c, user, "Profile updated");
  });

  api.post("/auth/name", async (c) => {
    const user = await updateName(c.get("ctx"), await readJson(c));
    return ok(c, user, "Your name is saved");
  });

  api.post("/auth/email", async (c) => {
    const pending = await requestEmailChange(c.get("ctx"), await readJson(c));
    return ok(c, pending, `We sent a 6-digit code to ${pending.pendingEmail}`);
  });

  api.post("/auth/email/confirm", async (c) => {
    const before = c.get("ctx").user?.email;
    const user = await confirmEmailChange(c.get("ctx"), await readJson(c));
    return ok(c, user, user.email === before ? EMAIL_CONFIRMED : "Your email address is changed");
  });

  api.post("/auth/password", async (c) => {
    await changePassword(c.get("ctx"), await readJson(c), c.get("sessionToken"));
    return ok(c, undefined, "Your password is changed. Other devices are signed out.");
  });

  api.post("/auth/verify/send", async (c) => {
    const { phone } = await requestPhoneVerification(c.get("ctx"), await readJson(c));
    return ok(c, { phone }, `We sent a 6-digit code to ${phone}`);
  });

  api.post("/auth/verify", async (c) => {
    await confirmPhoneVerification(c.get("ctx"), await readJson(c));
    return ok(c, undefined, "Your phone number is verified");
  });

  api.post("/auth/forget", async (c) => {
    await requestPasswordReset(c.get("ctx"), await readJson(c));
    return ok(c, undefined, RESET_SENT);
  });

  api.post("/auth/reset", async (c) => {
    await resetPassword(c.get("ctx"), await readJson(c));
    return ok(c, undefined, "Your password is changed. Sign in with the new one.");
  });

  api.get("/user", (c) => {
    return ok(c, requireSignedIn(c.get("ctx"), "Not signed in"));
  });

  return api;
}

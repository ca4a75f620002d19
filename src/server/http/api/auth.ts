import { type Context, Hono } from "hono";
import { codeSentSchema, emailCodeSentSchema, publicUserSchema } from "../../../contracts/answers/accounts";
import {
  emailChangeSchema,
  emailConfirmSchema,
  forgetPasswordSchema,
  googleSignInSchema,
  loginSchema,
  nameUpdateSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  verifyPhoneSchema,
} from "../../../contracts/auth";
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
import { anyone, createdAnswer, type Endpoint, okAnswer, signedIn } from "../endpoint";
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

/** The bot check on sign-ups and SMS codes (services/accounts/bot-check.ts), as the endpoints it guards say it. */
const BOT_CHECK_NOTE =
  "With the bot check configured (TURNSTILE_SITE_KEY), the body's `botToken` (the widget's token) is verified first: a token that fails is a 400; without one the request passes only 5 times an hour per address and 2 per phone.";

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const authEndpoints: Endpoint[] = [
  {
    method: "post",
    path: "/api/auth/register",
    tag: "Accounts",
    summary: "Create an account and sign in",
    description: BOT_CHECK_NOTE,
    access: anyone,
    body: registerSchema,
    success: [createdAnswer("The account, signed in (the session cookie is set)", publicUserSchema)],
    errors: [400, 409, 429],
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Accounts",
    summary: "Sign in with phone or email and password",
    access: anyone,
    body: loginSchema,
    success: [okAnswer("Signed in (the session cookie is set)", publicUserSchema)],
    description: "A blocked account is refused with 403, even with the right password.",
    errors: [401, 403, 429],
  },
  {
    method: "post",
    path: "/api/auth/google",
    tag: "Accounts",
    summary: "Sign in with a Google ID token (Google Identity Services)",
    description:
      "The token is verified against Google's keys: issuer, audience (GOOGLE_CLIENT_ID), expiry. It " +
      "signs in to the account linked to the Google account, else links the account whose email is " +
      "the same verified email and was confirmed by the shop's emailed code, else makes a new account " +
      "(201, its email confirmed) whose phone and HSC batch the profile dialog then asks for; an " +
      "account that had only typed that email, unconfirmed, loses it to the new account. 404 when GOOGLE_CLIENT_ID is not set; 401 for a token that is not Google's, " +
      "not for this shop or expired; 403 when Google has not verified the email (or the account is blocked).",
    access: anyone,
    body: googleSignInSchema,
    success: [
      okAnswer("Signed in (the session cookie is set)", publicUserSchema),
      createdAnswer("A new account, signed in (the session cookie is set)", publicUserSchema),
    ],
    errors: [401, 403, 404, 409, 429, 503],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: "Accounts",
    summary: "Sign out (ends the session and clears its cookie)",
    access: anyone,
    success: [okAnswer("Signed out")],
  },
  {
    method: "post",
    path: "/api/auth/update",
    tag: "Accounts",
    summary: "Set phone number and HSC batch (the profile dialog)",
    access: signedIn,
    body: profileUpdateSchema,
    success: [okAnswer("The updated account", publicUserSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/auth/name",
    tag: "Accounts",
    summary: "Change the caller's name",
    access: signedIn,
    body: nameUpdateSchema,
    success: [okAnswer("The updated account", publicUserSchema)],
  },
  {
    method: "post",
    path: "/api/auth/email",
    tag: "Accounts",
    summary: "Ask to change or confirm the caller's email: a 6-digit code is emailed to the address",
    description:
      "The account keeps its old address until the code is confirmed (POST /api/auth/email/confirm); " +
      "the code lives 30 minutes, and a new request voids the earlier one's code. The account's own " +
      "address while unconfirmed is asked for the same way, to confirm it (400 once confirmed). 409 " +
      "when another account has confirmed the address; one it only typed goes to whoever enters the " +
      "code. 503 when the shop has no mail server (SMTP_HOST unset).",
    access: signedIn,
    body: emailChangeSchema,
    success: [okAnswer("The code is on its way to the new address", emailCodeSentSchema)],
    errors: [409, 429, 503],
  },
  {
    method: "post",
    path: "/api/auth/email/confirm",
    tag: "Accounts",
    summary: "Confirm the new (or the account's own) email address with the code sent to it",
    description:
      "The address becomes the account's email, confirmed (email_confirmed true), taken off another " +
      "account that had it unconfirmed; 409 when another account confirmed it meanwhile.",
    access: signedIn,
    body: emailConfirmSchema,
    success: [okAnswer("The account with its new, confirmed email", publicUserSchema)],
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/password",
    tag: "Accounts",
    summary: "Change the password, given the current one",
    description:
      "A wrong current password is a 400 with a field error on currentPassword. Every other session " +
      "of the account is signed out; the caller's stays.",
    access: signedIn,
    body: passwordChangeSchema,
    success: [okAnswer("The password is changed")],
    errors: [429],
  },
  {
    method: "post",
    path: "/api/auth/verify/send",
    tag: "Accounts",
    summary: "Send a 6-digit code by SMS to the caller's phone",
    description: `No body is needed. ${BOT_CHECK_NOTE}`,
    access: signedIn,
    success: [okAnswer("The code is on its way", codeSentSchema)],
    errors: [400, 409, 429],
  },
  {
    method: "post",
    path: "/api/auth/verify",
    tag: "Accounts",
    summary: "Confirm the caller's phone with the code sent to it",
    access: signedIn,
    body: verifyPhoneSchema,
    success: [okAnswer("The phone number is verified")],
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/forget",
    tag: "Accounts",
    summary: "Ask for a password-reset code",
    description: `Answers the same whether or not the number has an account. ${BOT_CHECK_NOTE}`,
    access: anyone,
    body: forgetPasswordSchema,
    success: [okAnswer("A code was sent if the number has an account")],
    errors: [400, 429],
  },
  {
    method: "post",
    path: "/api/auth/reset",
    tag: "Accounts",
    summary: "Set a new password with the reset code",
    access: anyone,
    body: resetPasswordSchema,
    success: [okAnswer("The password is changed")],
    errors: [429],
  },
  {
    method: "get",
    path: "/api/user",
    tag: "Accounts",
    summary: "The signed-in account",
    access: signedIn,
    success: [okAnswer("The caller's account", publicUserSchema)],
  },
];

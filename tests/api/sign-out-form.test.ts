import { afterAll, beforeAll, expect, it } from "vitest";
import { signOutAction } from "../../src/web/routes/auth/logout.server";
import { createHarness, type Harness } from "./harness";
import { flashOf, pageForms, withCookies } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, { "/auth/logout": signOutAction });
});
afterAll(async () => {
  await h?.close();
});

it("signing out as a form ends the session, clears its cookie and goes home saying so", async () => {
  const u = await h.createUser();
  expect((await forms.get("/", u.cookie)).body.user).toBe(u.user.id);
  const res = await forms.post("/auth/logout", {}, { cookie: u.cookie });
  expect(res.status).toBe(302);
  expect(res.location).toBe("/");
  expect(flashOf(res.setCookie)).toEqual({ title: "Signed out" });
  expect(withCookies(u.cookie, res.setCookie)).not.toMatch(/pathagar_session=/);
  // The old cookie, sent again, no longer signs anyone in.
  expect((await forms.get("/", u.cookie)).body.user).toBeNull();
});

it("another site cannot sign a visitor out", async () => {
  const u = await h.createUser();
  expect(
    (await forms.post("/auth/logout", {}, { cookie: u.cookie, origin: "https://evil.example" })).status,
  ).toBe(403);
  expect((await forms.get("/", u.cookie)).body.user).toBe(u.user.id);
});

import { bookWithStock, signUpNewCustomer, waitForApp } from "../helpers";
import { expect, test } from "./hold";

// The checkout typed into before its scripts arrive (held back 4 s): what was typed is kept when
// they hydrate the page, and the same form then places the order through the API, as with
// JavaScript from the start (decision 53).
test("the address typed before hydration is kept, and the order placed once the scripts run", async ({
  page,
}) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Late Scripts");
  const book = await bookWithStock(page, 3);
  const added = await page.request.post("/api/cart", {
    data: { bookId: book.id, quantity: 1, source: "e2e", type: "book" },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto("/cart/checkout", { waitUntil: "commit" });
  const area = page.getByLabel("Area / thana");
  await area.waitFor();
  await area.fill("Mirpur");
  await page.getByLabel("Address", { exact: true }).fill("House 3, Road 7, Section 10");
  await page.getByLabel("Note (optional)").fill("Call before coming");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await waitForApp(page);
  await expect(area).toHaveValue("Mirpur");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("House 3, Road 7, Section 10");
  await expect(page.getByLabel("Note (optional)")).toHaveValue("Call before coming");
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();

  // Hydrated: the API's path, which sends the buyer to the confirmation without a post of the page.
  const placed = page.waitForResponse(
    (r) => r.url().endsWith("/api/checkout") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Place order" }).click();
  expect((await placed).status()).toBe(201);
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  const order = (
    (await (await page.request.get("/api/orders")).json()) as { data: { note: string; area: string }[] }
  ).data;
  expect(order).toEqual([expect.objectContaining({ area: "Mirpur", note: "Call before coming" })]);
});

test("a tap on Place order before hydration posts the form: the order is placed all the same", async ({
  page,
}) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Early Tap");
  const book = await bookWithStock(page, 3);
  expect(
    (
      await page.request.post("/api/cart", {
        data: { bookId: book.id, quantity: 1, source: "e2e", type: "book" },
      })
    ).status(),
  ).toBe(201);

  await page.goto("/cart/checkout", { waitUntil: "commit" });
  await page.getByLabel("Area / thana").fill("Banani");
  await page.getByLabel("Address", { exact: true }).fill("Road 11, House 3");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/payment\/[^/]+\/success$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
});

import { DESKTOP, expect, MOBILE, shot, submitSignIn, test, waitForApp } from "./helpers";
import { INCOMPLETE } from "./support";

test("a customer without an HSC batch must complete the profile dialog", async ({ page }) => {
  await page.goto("/auth/login");
  await waitForApp(page);
  await submitSignIn(page.getByRole("main"), INCOMPLETE.phone, INCOMPLETE.password);

  const dialog = page.getByRole("dialog", { name: "Welcome to Pathagar" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("Please update your information to continue");
  await expect(dialog.getByLabel("Phone number")).toHaveValue(INCOMPLETE.phone);
  // It cannot be closed: no close button, and neither Escape nor a click outside closes it.
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(dialog).toBeVisible();

  await shot(page, "profile-dialog-desktop", { fullPage: false });
  await page.setViewportSize(MOBILE);
  await expect(dialog).toBeInViewport();
  await shot(page, "profile-dialog-360", { fullPage: false });
  await page.setViewportSize(DESKTOP);

  await dialog.getByRole("button", { name: "Save and continue" }).click();
  await expect(dialog.getByText("HSC Batch is required", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("HSC batch").selectOption("HSC 2025");
  await dialog.getByRole("button", { name: "Save and continue" }).click();
  await expect(dialog).toBeHidden();

  // Saved: it does not come back after a reload, and the profile shows the batch.
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/profile");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  await expect(page.getByText("HSC 2025")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

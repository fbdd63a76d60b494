import { expect, test } from "@playwright/test";

const banner = "Master your chess skills with AI-driven training";

test.describe("site shell", () => {
  test("every page shows the banner and the navigation; the active link follows the path", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByText(banner)).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    for (const name of ["Home", "Training", "Blog", "About", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Training" }).click();
    await expect(page).toHaveURL(/\/training$/);
    await expect(page.getByRole("heading", { level: 1, name: "Training Modules" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Training" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
    await expect(
      page.getByText(
        "Explore our collection of chess articles, tutorials, and insights to improve your game.",
      ),
    ).toBeVisible();
  });

  test("a nested path keeps its section's link active", async ({ page }) => {
    await page.goto("/blog/some-post");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the language toggle switches to Arabic right-to-left and remembers it", async ({ page }) => {
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: /Arabic/ });
    await expect(toggle).toHaveText("العربية");
    await toggle.click();

    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByText("أتقن مهاراتك في الشطرنج بتدريب مدعوم بالذكاء الاصطناعي")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "التنقل الرئيسي" });
    await expect(nav.getByRole("link", { name: "من نحن" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: /English/ })).toHaveText("English");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: /English/ }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByText(banner)).toBeVisible();
  });

  test("an unknown path shows the not-found page with working Go Back and Return Home", async ({ page }) => {
    await page.goto("/about");
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/about$/);

    await page.goto("/blog/a/b");
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the admin guard sends a visitor without a session to the login page, replacing the history entry", async ({
    page,
  }) => {
    await page.goto("/about");
    await page.goto("/admin/blog/new");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    // The guarded page was replaced, so Back returns to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("an expired stored session is cleared and redirected", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem("admin_token", "stale-token");
      localStorage.setItem("admin_token_timestamp", String(Date.now() - 31 * 60 * 1000));
    });
    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
  });

  test("the server answers unknown API paths with JSON 404", async ({ request }) => {
    const response = await request.get("/api/no-such-route");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = await response.json();
    expect(body.error).toBeTruthy();
  });
});

import { expect, test } from "../test";

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

  test("the theme follows the system until the visitor picks one, which is remembered", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    const html = page.locator("html");
    // Inspected before any of the app's code runs: the inline theme script (src/app/theme-script.js) set it first.
    await page.goto("/about", { waitUntil: "commit" });
    await page.waitForSelector("html[data-theme]", { state: "attached" });
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.getByText(banner)).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 18, 18)");

    await page.getByRole("button", { name: "Light theme" }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    expect(await page.evaluate(() => localStorage.getItem("chesstrainer.theme"))).toBe("light");
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(250, 250, 250)");

    await page.getByRole("button", { name: "Dark theme" }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    // Arabic names the button too.
    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(page.getByRole("button", { name: "المظهر الفاتح" })).toBeVisible();
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

const LANGUAGE_KEY = "chesstrainer.language";
const LUCENA = {
  slug: "lucena-position-how-to-build-a-bridge",
  title: "The Lucena Position: How to Build a Bridge",
};

test.describe("addresses the site does not have", () => {
  test("answer 404 with the app's Not Found page; the site's pages answer 200", async ({ page, request }) => {
    for (const path of [
      "/",
      "/training",
      "/training/endgame",
      "/about",
      "/position-setup",
      `/blog/${LUCENA.slug}`,
    ]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    for (const path of ["/no/such/page", "/blog/no-such-post-here", "/blog/a/b", "/training/king-hunts"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"], path).toContain("text/html");
    }

    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found · Chess Trainer");

    const missingPost = await page.goto("/blog/no-such-post-here");
    expect(missingPost?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
    await expect(page).toHaveTitle("Post not found · Chess Trainer");

    const missingModule = await page.goto("/training/king-hunts");
    expect(missingModule?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Module Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Module Not Found · Chess Trainer");
  });
});

test.describe("page titles", () => {
  const pages = [
    { path: "/", heading: "Train like a master", en: "Chess Trainer", ar: "مدرّب الشطرنج" },
    {
      path: "/training/endgame",
      heading: "Endgame Essentials",
      en: "Endgame Essentials · Chess Trainer",
      ar: "أساسيات النهايات · مدرّب الشطرنج",
    },
    { path: "/about", heading: "About", en: "About · Chess Trainer", ar: "من نحن · مدرّب الشطرنج" },
    {
      path: "/position-setup",
      heading: "Position Setup",
      en: "Position Setup · Chess Trainer",
      ar: "إعداد الوضعية · مدرّب الشطرنج",
    },
    {
      path: `/blog/${LUCENA.slug}`,
      heading: LUCENA.title,
      en: `${LUCENA.title} · Chess Trainer`,
      ar: `${LUCENA.title} · مدرّب الشطرنج`,
    },
  ];

  test("each page has its own title, in the page's language; it follows a language switch", async ({
    page,
  }) => {
    for (const { path, heading, en } of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
      await expect(page, path).toHaveTitle(en);
    }
    // Moving inside the app changes it too.
    await page.goto("/about");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Blog" })
      .click();
    await expect(page).toHaveTitle("Chess Blog · Chess Trainer");

    await page.goto("/about");
    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(page).toHaveTitle("من نحن · مدرّب الشطرنج");
    for (const { path, ar } of pages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(ar);
    }
  });

  test("the server's HTML already has the title in the visitor's language", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The page's own requests carry the language the site remembers: the server writes the title and direction.
    for (const { path, ar } of pages) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain(`<title>${ar}</title>`);
      expect(html, path).toContain('<html lang="ar" dir="rtl">');
    }
    const missing = await page.request.get("/nothing-here");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("<title>الصفحة غير موجودة · مدرّب الشطرنج</title>");
  });
});

const TOOLS = {
  en: {
    nav: "Main navigation",
    menu: "Menu",
    tools: "Tools",
    items: ["Position Setup", "Chess Notation", "Move Highlighting", "Chess Features", "My Games"],
    headings: [
      "Position Setup",
      "Chess Notation",
      "Move Highlighting",
      "Chess Features",
      "Puzzles From Your Games",
    ],
  },
  ar: {
    nav: "التنقل الرئيسي",
    menu: "القائمة",
    tools: "الأدوات",
    items: ["إعداد الوضعية", "تدوين النقلات", "تمييز النقلات", "ميزات الشطرنج", "مبارياتي"],
    headings: ["إعداد الوضعية", "تدوين نقلات الشطرنج", "تمييز النقلات", "ميزات الشطرنج", "ألغاز من مبارياتك"],
  },
} as const;
const TOOL_PATHS = [
  "/position-setup",
  "/notation",
  "/move-highlighting",
  "/chess-features",
  "/training/my-games",
];

for (const language of ["en", "ar"] as const) {
  const text = TOOLS[language];
  test.describe(`the Tools menu (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language === "ar")
        await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    });

    test("at 1366 px: a list of links under a button in the bar, by keyboard, active on the tool pages", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: text.nav });
      const tools = nav.getByRole("button", { name: text.tools });
      await expect(tools).toBeVisible();
      await expect(nav.getByRole("button", { name: text.menu })).toBeHidden();
      await tools.focus();
      await page.keyboard.press("Enter");
      await expect(tools).toHaveAttribute("aria-expanded", "true");
      const menu = nav.getByRole("list", { name: text.tools });
      await expect(menu.getByRole("link")).toHaveText([...text.items]);
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("link", { name: text.items[0] })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("link", { name: text.items[1] })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/notation$/);
      await expect(page.getByRole("heading", { level: 1, name: text.headings[1] })).toBeVisible();
      await expect(menu).toBeHidden();
      await expect(tools).toHaveAttribute("data-active", "true");

      for (const [index, path] of TOOL_PATHS.entries()) {
        await tools.click();
        await menu.getByRole("link", { name: text.items[index] }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole("heading", { level: 1, name: text.headings[index] })).toBeVisible();
        await tools.click();
        await expect(menu.getByRole("link", { name: text.items[index] })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
      }
      // A press outside the list closes it.
      await tools.click();
      await expect(menu).toBeVisible();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(menu).toBeHidden();
      await nav.getByRole("link").first().click();
      await expect(tools).toHaveAttribute("data-active", "false");
    });

    test("at 390 px: one Menu button with every link and the tools; it closes on the way", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/about");
      const nav = page.getByRole("navigation", { name: text.nav });
      const menuButton = nav.getByRole("button", { name: text.menu });
      await expect(menuButton).toBeVisible();
      // The bar fits the screen: nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await menuButton.click();
      const group = nav.getByRole("list", { name: text.tools });
      await expect(group.getByRole("link")).toHaveText([...text.items]);
      await expect(nav.getByRole("link", { name: language === "en" ? "About" : "من نحن" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await group.getByRole("link", { name: text.items[0] }).click();
      await expect(page).toHaveURL(/\/position-setup$/);
      await expect(page.getByRole("heading", { level: 1, name: text.headings[0] })).toBeVisible();
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await expect(group).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}

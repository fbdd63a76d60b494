import { ADMIN, signIn } from "../admin";
import { expect, type Page, type Route, test } from "../test";
import { unrendered } from "../unrendered";

/**
 * The site against a server that is down or slow (issue 8): every screen that talks to the API shows the spec's
 * error message instead of breaking, keeps what the user typed, and works again once the server is back. "Down" is
 * played two ways: the connection is refused (every screen), and a proxy in front answers 502 with an HTML page
 * (the home page's reads and the contact form's write; that the client fails every call on such a page, as on a
 * refused connection, is proven in apps/site/src/api/client.test.ts).
 */

const LUCENA = "lucena-position-how-to-build-a-bridge";

const outages = {
  refused: (route: Route) => route.abort("connectionrefused"),
  "502 from a proxy": (route: Route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
} as const;

/**
 * Takes the API down until the returned function brings it back. The admin guard's token check still goes through:
 * the spec logs the admin out when that check fails, so on admin screens the outage begins once they are in.
 */
async function apiDown(page: Page, outage: (route: Route) => Promise<void>) {
  await page.route("**/api/**", (route) =>
    new URL(route.request().url()).pathname === "/api/admin/validate" ? route.continue() : outage(route),
  );
  return () => page.unroute("**/api/**");
}

interface Screen {
  name: string;
  admin?: boolean;
  path: string;
  /** What the screen shows while the API is down. */
  failed: (page: Page) => Promise<void>;
  /** How the user tries again (a Retry button, or loading the page again where the screen has none). */
  retry: (page: Page) => Promise<void>;
  /** What the screen shows once it worked. */
  works: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  {
    name: "home",
    path: "/",
    failed: async (page) => {
      const cards = page.locator("[data-slot=phase-card]");
      await expect(cards).toHaveCount(3);
      for (const card of await cards.all()) await expect(card).toContainText("Error loading positions");
      await expect(page.getByText("Failed to fetch puzzle statistics")).toBeVisible();
      // Visitors see no analysis panel at all rather than its connection error (the admin page shows that).
      await expect(page.locator("[data-slot=analysis-status-panel]")).toHaveCount(0);
    },
    retry: (page) => page.reload().then(() => undefined),
    works: async (page) => {
      await expect(page.locator("[data-slot=phase-card]").first()).not.toContainText(
        "Error loading positions",
      );
      await expect(page.getByText("Failed to fetch puzzle statistics")).toHaveCount(0);
    },
  },
  {
    name: "training modules",
    path: "/training",
    failed: (page) =>
      expect(page.getByRole("alert").filter({ hasText: "Failed to load training scenarios" })).toBeVisible(),
    retry: (page) => page.reload().then(() => undefined),
    works: (page) => expect(page.locator("[data-slot=module-card]").first()).toContainText(/Positions: \d+/),
  },
  {
    name: "training module",
    path: "/training/endgame",
    failed: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Error Loading Module" })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveText("Failed to load the first position");
    },
    retry: (page) => page.getByRole("button", { name: "Retry" }).click(),
    works: (page) =>
      expect(page.getByRole("heading", { level: 1, name: "Endgame Essentials" })).toBeVisible(),
  },
  {
    name: "blog index",
    path: "/blog?search=Lucena",
    failed: (page) =>
      expect(page.getByRole("alert").filter({ hasText: "Error Loading Posts" })).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) =>
      expect(page.getByRole("article", { name: "The Lucena Position: How to Build a Bridge" })).toBeVisible(),
  },
  {
    name: "blog post",
    path: `/blog/${LUCENA}`,
    failed: (page) => expect(page.getByText(/^Error: .+/)).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) =>
      expect(
        page.getByRole("heading", { level: 1, name: "The Lucena Position: How to Build a Bridge" }),
      ).toBeVisible(),
  },
  {
    name: "admin blog list",
    admin: true,
    path: "/admin/blog",
    failed: (page) => expect(page.getByText("Failed to fetch blog posts")).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: async (page) => {
      await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
      await expect(page.getByText("Failed to fetch blog posts")).toHaveCount(0);
    },
  },
  {
    name: "post editor",
    admin: true,
    path: `/admin/blog/edit/${LUCENA}`,
    failed: (page) => expect(page.getByText("Failed to load blog post. Please try again.")).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) => expect(page.getByPlaceholder("Enter title")).toHaveValue(/The Lucena Position/),
  },
  {
    name: "admin messages",
    admin: true,
    path: "/admin/messages",
    failed: (page) => expect(page.getByText("Failed to load messages.")).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) => expect(page.getByText("Failed to load messages.")).toHaveCount(0),
  },
];

for (const [outageName, outage] of Object.entries(outages)) {
  const every = outageName === "refused";
  test.describe(`server down (${outageName})`, () => {
    for (const screen of every ? screens : screens.filter(({ name }) => name === "home")) {
      test(`${screen.name}: the spec's message, then retry works`, async ({ page }) => {
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        if (screen.admin) await signIn(page);
        await unrendered(page);
        const restore = await apiDown(page, outage);
        await page.goto(screen.path);
        await screen.failed(page);
        await restore();
        await screen.retry(page);
        await screen.works(page);
        expect(errors).toEqual([]);
      });
    }

    // Login once, with the connection refused (the client fails the same way on a 502).
    if (every)
      test("login: the spec's message, the typed name kept, and the next try logs in", async ({ page }) => {
        const restore = await apiDown(page, outage);
        await page.goto("/admin/login");
        await page.getByLabel("Username").fill(ADMIN.username);
        await page.getByLabel("Password").fill(ADMIN.password);
        await page.getByRole("button", { name: "Login" }).click();
        await expect(page.getByText("An error occurred during login. Please try again.")).toBeVisible();
        await expect(page.getByLabel("Username")).toHaveValue(ADMIN.username);
        await restore();
        await page.getByRole("button", { name: "Login" }).click();
        await expect(page).toHaveURL(/\/admin\/blog$/);
      });

    test("contact: the spec's message and nothing typed is lost", async ({ page }) => {
      await apiDown(page, outage);
      await page.goto("/contact");
      const fields = {
        Name: "Ada Lovelace",
        Email: "ada@example.org",
        Subject: "Lost?",
        Message: "Still here.",
      };
      for (const [name, value] of Object.entries(fields))
        await page.getByRole("textbox", { name }).fill(value);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Failed to send message. Please try again later.")).toBeVisible();
      for (const [name, value] of Object.entries(fields))
        await expect(page.getByRole("textbox", { name })).toHaveValue(value);
      await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    });
  });
}

test.describe("slow server", () => {
  /**
   * Holds every API answer until the returned function lets them through, the way a loaded server does. Holding
   * (rather than a fixed delay) keeps the test honest on a busy machine: the page may start its first read before
   * its script has mounted (the post's read is started early), and a fixed delay could end before anything painted.
   */
  async function heldApi(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/**", async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    return release;
  }

  test("a post shows 'Loading post...' and then the post", async ({ page }) => {
    await unrendered(page);
    const release = await heldApi(page);
    await page.goto(`/blog/${LUCENA}`);
    await expect(page.getByRole("status").filter({ hasText: "Loading post..." })).toBeVisible({
      timeout: 15_000,
    });
    release();
    await expect(
      page.getByRole("heading", { level: 1, name: "The Lucena Position: How to Build a Bridge" }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("status").filter({ hasText: "Loading post..." })).toHaveCount(0);
  });

  test("a training module shows 'Loading Training Module' and then the first position", async ({ page }) => {
    const release = await heldApi(page);
    await page.goto("/training/endgame");
    await expect(page.getByRole("heading", { level: 1, name: "Loading Training Module" })).toBeVisible({
      timeout: 15_000,
    });
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Endgame Essentials" })).toBeVisible({
      timeout: 15_000,
    });
  });

  test("the blog index keeps its heading while the posts come", async ({ page }) => {
    await unrendered(page);
    const release = await heldApi(page);
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    release();
    // The posts come (which ones lead the first page depends on what other tests have published meanwhile).
    await expect(page.getByRole("article").first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
  });
});
